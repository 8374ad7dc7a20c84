package org.observatory.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.SnappyCodec;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.ReflectionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobRunnerTest {
  @Test
  void onYarnTheTasksLoadTheJobsClassesApartFromTheClusters(@TempDir Path root) throws Exception {
    new JobConf(); // loads mapred-default.xml, which says false, as on any client
    Configuration yarn = new Configuration();
    yarn.set("mapreduce.framework.name", "yarn");
    try (WorkDir work = WorkDir.claim(new Configuration(), new org.apache.hadoop.fs.Path(root.toString()), "load")) {
      assertThat(JobRunner.configure(yarn, 2, work).getBoolean(MRJobConfig.MAPREDUCE_JOB_CLASSLOADER, false)).isTrue();
      assertThat(JobRunner.configure(new Configuration(), 2, work).getBoolean(MRJobConfig.MAPREDUCE_JOB_CLASSLOADER, false))
          .as("the local runner runs in this JVM, with its classes").isFalse();
    }
  }

  @Test
  void mapOutputIsCompressedUnlessASiteFileSaysOtherwise(@TempDir Path root) throws Exception {
    new JobConf(); // mapred-default.xml says false
    try (WorkDir work = WorkDir.claim(new Configuration(), new org.apache.hadoop.fs.Path(root.toString()), "load")) {
      Configuration conf = JobRunner.configure(new Configuration(), 2, work);
      assertThat(conf.getBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, false)).isTrue();
      assertThat(conf.get(MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC)).isEqualTo(SnappyCodec.class.getName());
      assertThat(roundTrip(conf, "{\"text\":\"#euro2012 #euro2012 #euro2012\"}".repeat(100)))
          .as("snappy-java compresses without a native Hadoop library").isTrue();

      Configuration site = new Configuration();
      site.setBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, false);
      assertThat(JobRunner.configure(site, 2, work).getBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, true)).isFalse();
    }
  }

  private static boolean roundTrip(Configuration conf, String text) throws Exception {
    CompressionCodec codec = ReflectionUtils.newInstance(
        conf.getClass(MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC, null, CompressionCodec.class), conf);
    ByteArrayOutputStream compressed = new ByteArrayOutputStream();
    try (OutputStream out = codec.createOutputStream(compressed)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    try (InputStream in = codec.createInputStream(new ByteArrayInputStream(compressed.toByteArray()))) {
      return compressed.size() < text.length() / 4 && new String(in.readAllBytes(), StandardCharsets.UTF_8).equals(text);
    }
  }
}
