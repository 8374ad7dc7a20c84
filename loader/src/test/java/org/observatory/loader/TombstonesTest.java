package org.observatory.loader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.observatory.indexer.Indexer;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;
import org.observatory.schemas.tweet.StreamItem;
import org.observatory.testing.MiniHBase;
import org.observatory.testing.UsesStore;

/** The batched tombstone check finds exactly the recorded ids, whatever else it is asked about. */
@UsesStore
class TombstonesTest {
  private final Connection connection = MiniHBase.connection();

  @Test
  void findsExactlyTheDeletedIdsAmongNeighboursRepeatsAndStrangers() throws Exception {
    TableNames names = new TableNames("tombstones");
    Indexer indexer = new Indexer(IndexSpec.defaults(), names);
    LoaderKit kit = new LoaderKit(connection, names, IndexSpec.defaults(), 1);
    Tombstones tombstones = kit.deletions(indexer, kit.monthTables()).tombstones();
    Random random = new Random(7);
    List<StreamItem.DeleteNotice> notices = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      notices.add(new StreamItem.DeleteNotice((random.nextLong() >>> 2) + 2, random.nextInt(1000), 1_000L + i));
    }
    tombstones.record(notices);
    Set<Long> deleted = notices.stream().map(StreamItem.DeleteNotice::statusId).collect(Collectors.toSet());

    List<Long> asked = new ArrayList<>();
    for (StreamItem.DeleteNotice n : notices.subList(0, 250)) { // half of them, each with its neighbours, twice
      asked.addAll(List.of(n.statusId() - 1, n.statusId(), n.statusId() + 1, n.statusId()));
    }
    for (int i = 0; i < 3000; i++) {
      asked.add(random.nextLong() >>> 1);
    }
    asked.addAll(List.of(0L, 1L, Long.MAX_VALUE));

    Set<Long> expected = asked.stream().filter(deleted::contains).collect(Collectors.toSet());
    assertThat(expected).hasSize(250);
    assertThat(tombstones.deletedAmong(asked)).isEqualTo(expected);
    assertThat(tombstones.deletedAmong(List.of())).isEmpty();
  }
}
