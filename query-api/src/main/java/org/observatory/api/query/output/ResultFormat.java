package org.observatory.api.query.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.observatory.api.query.BadQueryException;

/**
 * How a query's answer is written: JSON (the answer with its metadata), CSV or TSV (one line per
 * count or row, with a header; spreadsheets and pandas read them as they are), GraphML and GEXF for
 * edge lists ({@link GraphFile}); a lookup's tweets as NDJSON, ids, or CSV.
 */
public enum ResultFormat {
  JSON("application/json"), CSV("text/csv"), TSV("text/tab-separated-values"), GRAPHML("application/graphml+xml"),
  GEXF("application/gexf+xml"), NDJSON(TweetLines.MEDIA_TYPE), IDS("text/plain");

  private static final CsvMapper CSV_MAPPER = new CsvMapper();

  private final String mediaType;

  ResultFormat(String mediaType) {
    this.mediaType = mediaType;
  }

  public String mediaType() {
    return mediaType;
  }

  /**
   * The format asked for a query's answer: JSON for counts and rows when none is named; for tweets,
   * the form their lines are written in ({@link TweetLines.Form}, NDJSON when none is named).
   *
   * @throws BadQueryException for an unknown format, or one that cannot hold the answer (GraphML is for
   *     edges; ids and NDJSON for tweets)
   */
  public static ResultFormat parse(String text, Answer.Of kind) {
    boolean named = text != null && !text.isBlank();
    if (kind.isLookup()) {
      return switch (TweetLines.Form.parse(text)) {
        case NDJSON -> NDJSON;
        case IDS -> IDS;
        case CSV -> CSV;
      };
    }
    ResultFormat format = named ? named(text.strip()) : JSON;
    if (format == NDJSON || format == IDS) {
      throw new BadQueryException("format " + format.name().toLowerCase(java.util.Locale.ROOT) + " is for the tweet "
          + "lookups; " + kind.apiName() + " answers as json, csv or tsv" + (kind.isEdgeList() ? ", graphml or gexf" : ""));
    }
    if ((format == GRAPHML || format == GEXF) && !kind.isEdgeList()) {
      throw new BadQueryException("format " + format.name().toLowerCase(java.util.Locale.ROOT) + " is for the edge "
          + "queries (meme-network, retweet-edges, mention-edges, diffusion-edges, coordinated-accounts), not " + kind.apiName());
    }
    return format;
  }

  private static ResultFormat named(String text) {
    for (ResultFormat f : values()) {
      if (f.name().equalsIgnoreCase(text)) {
        return f;
      }
    }
    throw new BadQueryException("format must be json, csv, tsv, graphml or gexf (edges), or ndjson or ids (tweets), "
        + "not '" + text + "'");
  }

  public void write(QueryResult result, Answer.Of kind, ObjectMapper json, OutputStream out) throws IOException {
    if (this == JSON) {
      json.writeValue(out, result);
    } else {
      write(AnswerLines.of(result), kind, out);
    }
  }

  /** Writes an answer's lines in any format but JSON, holding one line (and a graph's node ids) at a time. */
  public void write(AnswerLines lines, Answer.Of kind, OutputStream out) throws IOException {
    switch (this) {
      case CSV, TSV -> table(lines, kind, this == CSV ? ',' : '\t', out);
      case GRAPHML -> GraphFile.graphml(lines, kind, out);
      case GEXF -> GraphFile.gexf(lines, kind, out);
      case JSON, NDJSON, IDS -> throw new IllegalStateException("an answer is not written as " + this + " here: "
          + kind.apiName());
    }
  }

  /** A list (an edge's tweet ids) as its values, space-separated, in one cell. */
  private static Object cell(Object value) {
    return value instanceof List<?> list ? String.join(" ", list.stream().map(String::valueOf).toList()) : value;
  }

  /** One line per count or row under the kind's columns; an empty answer still gets its header. */
  private static void table(AnswerLines lines, Answer.Of kind, char separator, OutputStream out) throws IOException {
    List<String> columns = kind.answer().columns();
    CsvSchema schema = CsvSchema.emptySchema().withColumnSeparator(separator).withLineSeparator("\n");
    try (SequenceWriter writer = CSV_MAPPER.writer(schema).writeValues(out)) {
      writer.write(columns); // the header, even over no lines
      lines.forEach(count -> writer.write(List.of(count.getKey(), count.getValue())),
          row -> writer.write(columns.stream().map(row::get).map(ResultFormat::cell).toList()));
    }
  }
}
