package org.observatory.loader.reindex;

import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.TableMapper;
import org.observatory.indexer.IndexPlacement;
import org.observatory.indexer.Indexer;
import org.observatory.indexer.TableMutation;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthIndex;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tables.TweetTable;
import org.observatory.schemas.tweet.MalformedTweetException;
import org.observatory.schemas.tweet.Tweet;

/**
 * Indexes each stored tweet of a month's tweet table again, by the rebuild's definitions, into the
 * revisions being built; the puts go to {@code MultiTableOutputFormat}, keyed by table.
 */
public final class ReindexMapper extends TableMapper<ImmutableBytesWritable, Mutation> {
  /** What the job reports besides Hadoop's own counters. */
  public enum Counter { TWEETS, ENTRIES, UNREADABLE }

  private static final String NAMESPACE = "observatory.namespace";
  private static final String SPEC = "observatory.reindex.spec";
  private static final String REVISIONS = "observatory.reindex.revisions";

  private Indexer indexer;
  /** The rebuilds' revisions: known from the start, so placing reads nothing. */
  private IndexPlacement.Placed intoRebuilds;
  private List<String> indexes;

  /** Hands the tasks the rebuilds: their definitions and the revision each index and month gets. */
  static void configure(Configuration conf, TableNames names, List<MonthIndex> rebuilds) {
    Map<String, IndexDefinition> definitions = new LinkedHashMap<>();
    rebuilds.forEach(r -> definitions.put(r.index(), r.rebuild().definition()));
    conf.set(NAMESPACE, names.namespace());
    conf.set(SPEC, new IndexSpec(List.copyOf(definitions.values())).toYaml());
    conf.setStrings(REVISIONS, rebuilds.stream()
        .map(r -> r.index() + "/" + r.month() + "=" + r.rebuild().revision()).toArray(String[]::new));
  }

  @Override
  protected void setup(Context context) {
    Configuration conf = context.getConfiguration();
    TableNames names = new TableNames(conf.get(NAMESPACE));
    IndexSpec spec = IndexSpec.parse(conf.get(SPEC));
    Map<String, Integer> revisions = new HashMap<>();
    for (String target : conf.getStrings(REVISIONS)) {
      int eq = target.indexOf('=');
      revisions.put(target.substring(0, eq), Integer.parseInt(target.substring(eq + 1)));
    }
    intoRebuilds = (index, month) -> List.of(
        new IndexPlacement.Target(names.index(index, month, revision(revisions, index, month)), null));
    indexer = new Indexer(spec, names, months -> intoRebuilds);
    indexes = spec.names();
  }

  @Override
  protected void map(ImmutableBytesWritable row, Result value, Context context) throws IOException, InterruptedException {
    Tweet tweet;
    try {
      tweet = TweetTable.storedTweet(value);
    } catch (MalformedTweetException e) {
      context.getCounter(Counter.UNREADABLE).increment(1);
      return;
    }
    context.getCounter(Counter.TWEETS).increment(1);
    for (String index : indexes) {
      for (TableMutation m : indexer.indexMutations(index, tweet, intoRebuilds)) {
        context.write(new ImmutableBytesWritable(m.table().getName()), m.put());
        context.getCounter(Counter.ENTRIES).increment(1);
      }
    }
  }

  private static int revision(Map<String, Integer> revisions, String index, Month month) {
    Integer revision = revisions.get(index + "/" + month);
    if (revision == null) { // a tweet table holds only its month's tweets
      throw new IllegalStateException("no rebuild of index " + index + " for " + month);
    }
    return revision;
  }
}
