package org.observatory.loader.historical;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.CombineFileSplit;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TweetFileInputFormatTest {
  @Test
  void combinesWholeFilesUpToTheMaximumSplitSize(@TempDir Path dir) throws Exception {
    List<Long> splitFiles = splits(dir, 250).stream().map(s -> (long) s.getNumPaths()).sorted().toList();
    assertThat(splitFiles).as("five files of 100 bytes, a split closing once it has 250 or more").containsExactly(2L, 3L);
  }

  @Test
  void aSplitSizeOfOneByteKeepsEachFileATaskOfItsOwn(@TempDir Path dir) throws Exception {
    List<CombineFileSplit> splits = splits(dir, 1);
    assertThat(splits).hasSize(5).allMatch(s -> s.getNumPaths() == 1 && s.getLength() == 100);
  }

  @Test
  void neverSplitsAFile(@TempDir Path dir) throws Exception {
    assertThat(splits(dir, 30)).hasSize(5).allMatch(s -> s.getNumPaths() == 1 && s.getOffset(0) == 0 && s.getLength() == 100);
  }

  private static List<CombineFileSplit> splits(Path dir, long maxSplitBytes) throws Exception {
    for (int i = 0; i < 5; i++) {
      Files.write(dir.resolve("day" + i + ".json"), new byte[100]);
    }
    Job job = Job.getInstance(new Configuration(false));
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(dir.toUri()));
    FileInputFormat.setMaxInputSplitSize(job, maxSplitBytes);
    List<InputSplit> splits = new TweetFileInputFormat().getSplits(job);
    return splits.stream().map(CombineFileSplit.class::cast).toList();
  }
}
