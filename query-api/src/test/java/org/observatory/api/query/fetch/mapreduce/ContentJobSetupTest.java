package org.observatory.api.query.fetch.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.NLineInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.observatory.api.query.Meme;
import org.observatory.api.query.TweetHits;
import org.observatory.api.query.tally.ContentQuery;
import org.observatory.mapreduce.WorkDir;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;

/** Phase 2's job as it is set up, checked without running it: what it reads, tallies with, and where. */
class ContentJobSetupTest {
  @Test
  void theJobTalliesTheTweetsGivenInAsManyPartsAsMappers(@TempDir java.nio.file.Path dir) throws Exception {
    Configuration store = new Configuration();
    Path root = new Path(dir.toUri());
    ContentJob content = new ContentJob(store, new TableNames("setup"), IndexSpec.defaults(),
        new ContentJob.Settings(root, 3), 60_000);
    TweetHits tweets = new TweetHits();
    List<String> expectedIds = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      tweets.add(212_000_000_000_000_000L + i, 1_339_200_000_000L + i * 1_000L);
      expectedIds.add((212_000_000_000_000_000L + i) + "\t" + (1_339_200_000_000L + i * 1_000L));
    }
    List<Meme> asked = List.of(new Meme("#euro2012", "#euro2012", false), new Meme("#euro*", "#euro", true));

    try (WorkDir work = WorkDir.claim(store, root, "query")) {
      Job job = content.createJob(ContentQuery.RETWEET_EDGES, asked, tweets, work);
      Configuration conf = job.getConfiguration();

      assertThat(conf.get(MRConfig.FRAMEWORK_NAME)).as("the local runner unless a cluster is named").isEqualTo("local");
      assertThat(job.getMapperClass()).isEqualTo(FetchTallyMapper.class);
      assertThat(job.getCombinerClass()).isEqualTo(TallyReducer.class);
      assertThat(job.getReducerClass()).isEqualTo(TallyReducer.class);
      assertThat(job.getNumReduceTasks()).isEqualTo(1);
      assertThat(NLineInputFormat.getNumLinesPerSplit(job)).as("10 tweets in 3 parts").isEqualTo(4);
      assertThat(conf.get(ContentJob.QUERY)).isEqualTo("RETWEET_EDGES");
      assertThat(conf.get(ContentJob.NAMESPACE)).isEqualTo("setup");
      assertThat(conf.get(ContentJob.INDEX_SPEC)).isEqualTo(IndexSpec.defaults().toYaml());
      assertThat(ContentJob.decode(conf.get(ContentJob.MEMES))).extracting(Meme::indexKey, Meme::isPrefix)
          .containsExactly(org.assertj.core.groups.Tuple.tuple("#euro2012", false),
              org.assertj.core.groups.Tuple.tuple("#euro", true));

      Path[] input = FileInputFormat.getInputPaths(job);
      assertThat(input).hasSize(1);
      assertThat(input[0].toString()).startsWith(work.path().toString());
      FileSystem fs = input[0].getFileSystem(conf);
      try (BufferedReader ids = new BufferedReader(new InputStreamReader(fs.open(input[0]), StandardCharsets.US_ASCII))) {
        assertThat(ids.lines().toList()).isEqualTo(expectedIds);
      }
      Path output = FileOutputFormat.getOutputPath(job);
      assertThat(output.toString()).startsWith(work.path().toString());
      assertThat(fs.exists(output)).as("nothing has run").isFalse();
    }
  }
}
