package org.observatory.api.resources;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.QueryKind;
import org.observatory.api.query.QueryResult;
import org.observatory.api.query.TweetLines;

/**
 * How a query's answer is written: JSON (the answer with its metadata), CSV or TSV (one line per
 * count or row, with a header; spreadsheets and pandas read them as they are), GraphML for edge
 * lists (networkx's {@code read_graphml} and Gephi open it directly); a lookup's tweets as NDJSON.
 */
public enum ResultFormat {
  JSON("application/json"), CSV("text/csv"), TSV("text/tab-separated-values"), GRAPHML("application/graphml+xml"),
  NDJSON(QueryResource.NDJSON), IDS("text/plain");

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
  public static ResultFormat parse(String text, QueryKind kind) {
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
          + "lookups; " + kind.apiName() + " answers as json, csv or tsv" + (kind.isEdgeList() ? " or graphml" : ""));
    }
    if (format == GRAPHML && !kind.isEdgeList()) {
      throw new BadQueryException("format graphml is for the edge queries (retweet-edges, mention-edges), not "
          + kind.apiName());
    }
    return format;
  }

  private static ResultFormat named(String text) {
    for (ResultFormat f : values()) {
      if (f.name().equalsIgnoreCase(text)) {
        return f;
      }
    }
    throw new BadQueryException("format must be json, csv, tsv, graphml (edges), or ndjson or ids (tweets), not '"
        + text + "'");
  }

  public void write(QueryResult result, QueryKind kind, ObjectMapper json, OutputStream out) throws IOException {
    switch (this) {
      case JSON -> json.writeValue(out, result);
      case CSV, TSV -> table(result, kind, this == CSV ? ',' : '\t', out);
      case GRAPHML -> graphml(result, out);
      case NDJSON, IDS -> throw new IllegalStateException("an answer is not written as " + this + ": " + kind.apiName());
    }
  }

  /** One line per count or row under the kind's columns; an empty answer still gets its header. */
  private static void table(QueryResult result, QueryKind kind, char separator, OutputStream out) throws IOException {
    List<String> columns = kind.answer().columns();
    List<List<Object>> lines = new ArrayList<>();
    if (result.counts() != null) {
      result.counts().forEach((key, count) -> lines.add(List.of(key, count)));
    } else {
      for (Map<String, Object> row : result.rows()) {
        lines.add(columns.stream().map(row::get).toList());
      }
    }
    CsvSchema schema = CsvSchema.emptySchema().withColumnSeparator(separator).withLineSeparator("\n");
    try (SequenceWriter writer = CSV_MAPPER.writer(schema).writeValues(out)) {
      writer.write(columns); // the header, even over no lines
      for (List<Object> line : lines) {
        writer.write(line);
      }
    }
  }

  private static void graphml(QueryResult result, OutputStream out) throws IOException {
    try {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
      xml.writeStartDocument("UTF-8", "1.0");
      xml.writeStartElement("graphml");
      xml.writeDefaultNamespace("http://graphml.graphdrawing.org/xmlns");
      xml.writeEmptyElement("key");
      xml.writeAttribute("id", "weight");
      xml.writeAttribute("for", "edge");
      xml.writeAttribute("attr.name", "weight");
      xml.writeAttribute("attr.type", "long");
      xml.writeStartElement("graph");
      xml.writeAttribute("id", result.query());
      xml.writeAttribute("edgedefault", "directed");
      Set<Object> nodes = new LinkedHashSet<>();
      result.rows().forEach(edge -> {
        nodes.add(edge.get("source"));
        nodes.add(edge.get("target"));
      });
      for (Object node : nodes) {
        xml.writeEmptyElement("node");
        xml.writeAttribute("id", String.valueOf(node));
      }
      for (Map<String, Object> edge : result.rows()) {
        xml.writeStartElement("edge");
        xml.writeAttribute("source", String.valueOf(edge.get("source")));
        xml.writeAttribute("target", String.valueOf(edge.get("target")));
        xml.writeStartElement("data");
        xml.writeAttribute("key", "weight");
        xml.writeCharacters(String.valueOf(edge.get("weight")));
        xml.writeEndElement();
        xml.writeEndElement();
      }
      xml.writeEndElement();
      xml.writeEndElement();
      xml.writeEndDocument();
      xml.flush();
    } catch (XMLStreamException e) {
      throw new IOException("writing GraphML failed", e);
    }
  }
}
