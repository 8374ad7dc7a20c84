package org.observatory.api.query.fetch.mapreduce;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.observatory.api.query.tally.Tally;

/** Merges the tallies of one key; merging is associative, so this is the combiner too. */
public final class TallyReducer extends Reducer<Text, Text, Text, Text> {
  private final Text merged = new Text();

  @Override
  protected void reduce(Text key, Iterable<Text> values, Context context) throws IOException, InterruptedException {
    Tally total = null;
    for (Text value : values) {
      Tally t = Tally.decode(value.toString());
      total = total == null ? t : total.merge(t);
    }
    merged.set(total.encode());
    context.write(key, merged);
  }
}
