package org.observatory.api.query.fetch.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.fetch.TweetFetcher;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.api.query.tally.Tallies;
import org.observatory.api.query.tally.Tally;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.StoredTweet;
import org.observatory.schemas.tables.TableNames;

/**
 * Fetches a share of the id list ({@code id TAB created-at} lines) from the months' tweet tables, a
 * batched multi-get per month at a time, and tallies the tweets; the tallies leave once, at the end.
 */
public final class FetchTallyMapper extends Mapper<LongWritable, Text, Text, Text> {
  private static final int BATCH = 1_000;

  private Connection connection;
  private TableNames names;
  private ContentQuery query;
  private ContentQuery.Asked asked;
  private final Map<Month, List<Long>> pending = new HashMap<>();
  private final Tallies tallies = new Tallies();

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    connection = ConnectionFactory.createConnection(conf);
    names = new TableNames(conf.get(ContentJob.NAMESPACE));
    query = ContentQuery.valueOf(conf.get(ContentJob.QUERY));
    asked = new ContentQuery.Asked(ContentJob.decode(conf.get(ContentJob.MEMES)),
        MemeKeys.of(IndexSpec.parse(conf.get(ContentJob.INDEX_SPEC))));
  }

  @Override
  protected void map(LongWritable offset, Text line, Context context) throws IOException {
    String text = line.toString();
    int tab = text.indexOf('\t');
    long id = Long.parseLong(text.substring(0, tab));
    Month month = Month.of(Long.parseLong(text.substring(tab + 1)));
    List<Long> ids = pending.computeIfAbsent(month, m -> new ArrayList<>());
    ids.add(id);
    if (ids.size() >= BATCH) {
      fetch(month, ids);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    try {
      for (Map.Entry<Month, List<Long>> month : pending.entrySet()) {
        fetch(month.getKey(), month.getValue());
      }
      Text key = new Text();
      Text value = new Text();
      for (Map.Entry<String, Tally> t : tallies.asMap().entrySet()) {
        key.set(t.getKey());
        value.set(t.getValue().encode());
        context.write(key, value);
      }
    } finally {
      connection.close();
    }
  }

  private void fetch(Month month, List<Long> ids) throws IOException {
    for (StoredTweet tweet : TweetFetcher.get(connection, names.tweets(month), ids, false)) {
      query.tally(tweet, asked, tallies);
    }
    ids.clear();
  }
}
