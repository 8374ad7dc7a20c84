package org.observatory.loader.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class SpoolTest {
  @Test
  @Timeout(30)
  void aRestartedSpoolHandsOverEveryLineAnEarlierRunLeft(@TempDir Path dir) throws Exception {
    Spool first = new Spool(dir, 1 << 20, 60_000);
    for (int i = 0; i < 25_000; i++) {
      first.append("line " + i);
    }
    // no close: as after a crash, the last segment is still open

    Spool second = new Spool(dir, 1 << 20, 60_000);
    List<String> lines = new ArrayList<>();
    for (Spool.Segment s = second.next(0); s != null; s = second.next(0)) {
      lines.addAll(Files.readAllLines(s.file()));
      second.done(s);
    }

    assertThat(lines).hasSize(25_000).startsWith("line 0").endsWith("line 24999");
    assertThat(second.isEmpty()).isTrue();
    assertThat(second.bytes()).isZero();
  }

  @Test
  @Timeout(30)
  void theSegmentBeingStoredIsSkippedAndTheNextOneHandedOverInOrder(@TempDir Path dir) throws Exception {
    Spool spool = new Spool(dir, 1 << 20, 60_000);
    spool.append("first");
    spool.close();
    spool.append("second");
    spool.close();

    Spool.Segment storing = spool.next(0);
    Spool.Segment next = spool.next(0, storing);

    assertThat(Files.readAllLines(storing.file())).containsExactly("first");
    assertThat(Files.readAllLines(next.file())).containsExactly("second");
    assertThat(spool.next(0, storing)).as("still the second until it is stored").isSameAs(next);
    spool.done(next);
    assertThat(spool.next(0, storing)).as("nothing but the one being stored").isNull();
    assertThat(spool.isEmpty()).isFalse();
    spool.done(storing);
    assertThat(spool.isEmpty()).isTrue();
  }

  /** Rejected lines are set aside under their segment's name: a later run must never reuse one (issue 20). */
  @Test
  @Timeout(30)
  void aLaterRunNeverReusesTheNameOfAnEarlierRunsSegment(@TempDir Path dir) throws Exception {
    Set<String> names = new HashSet<>();
    for (int run = 0; run < 3; run++) {
      Spool spool = new Spool(dir, 1 << 20, 60_000);
      spool.append("line of run " + run);
      spool.close();
      for (Spool.Segment s = spool.next(0); s != null; s = spool.next(0)) {
        assertThat(names.add(s.file().getFileName().toString())).as("segment %s of run %d", s.file(), run).isTrue();
        spool.done(s); // stored: the spool is empty when the next run starts
      }
    }
    assertThat(names).hasSize(3);
  }

  @Test
  @Timeout(30)
  void aFullSpoolHoldsTheSourceBackUntilASegmentIsStored(@TempDir Path dir) throws Exception {
    Spool spool = new Spool(dir, 1_000, 60_000);
    for (int i = 0; i < 91; i++) {
      spool.append("0123456789"); // 11 bytes a line: 91 lines fill 1,000 bytes
    }
    CompletableFuture<Void> blocked = CompletableFuture.runAsync(() -> {
      try {
        spool.append("one more");
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    Thread.sleep(500);
    assertThat(blocked).isNotDone();
    assertThat(spool.heldBackBecause()).get(org.assertj.core.api.InstanceOfAssertFactories.STRING).contains("spool full");

    Spool.Segment segment = spool.next(2_000);
    assertThat(segment).as("a full spool hands its open segment over").isNotNull();
    spool.done(segment);
    blocked.get(5, TimeUnit.SECONDS);
    assertThat(spool.heldBackBecause()).isEmpty();
  }
}
