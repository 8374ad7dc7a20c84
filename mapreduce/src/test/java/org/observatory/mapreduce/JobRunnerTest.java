package org.observatory.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("fast")
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
}
