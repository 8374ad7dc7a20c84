package org.observatory.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PeerLoadsTest {
  @Test
  void eachPeerIsTakenAtTheMedianOfItsRunsAndKeepsThemInOrder() {
    List<PeerLoads.Peer> medians = PeerLoads.medians(List.of(
        List.of(new PeerLoads.Peer(PeerLoads.SEARCH_DEFAULT, 49.0, 326_631, 474_000_000),
            new PeerLoads.Peer(PeerLoads.DUCKDB, 24.3, 353_923, 282_000_000)),
        List.of(new PeerLoads.Peer(PeerLoads.SEARCH_DEFAULT, 52.5, 326_631, 476_000_000),
            new PeerLoads.Peer(PeerLoads.DUCKDB, 22.0, 353_923, 282_000_000)),
        List.of(new PeerLoads.Peer(PeerLoads.SEARCH_DEFAULT, 47.1, 326_631, 475_000_000),
            new PeerLoads.Peer(PeerLoads.DUCKDB, 25.9, 353_923, 282_000_000))));
    assertThat(medians).extracting(PeerLoads.Peer::name).containsExactly(PeerLoads.SEARCH_DEFAULT, PeerLoads.DUCKDB);
    assertThat(medians.get(0).seconds()).isEqualTo(49.0);
    assertThat(medians.get(0).bytes()).isEqualTo(475_000_000);
    assertThat(medians.get(0).runSeconds()).containsExactly(49.0, 52.5, 47.1);
    assertThat(medians.get(1).seconds()).isEqualTo(24.3);
  }

  @Test
  void runsThatHeldOtherTweetsAreNotMixedIntoOneFigure() {
    assertThatThrownBy(() -> PeerLoads.medians(List.of(
        List.of(new PeerLoads.Peer(PeerLoads.SEARCH_DEFAULT, 49.0, 326_631, 474_000_000)),
        List.of(new PeerLoads.Peer(PeerLoads.SEARCH_DEFAULT, 48.0, 326_630, 474_000_000)))))
        .hasMessageContaining("hold different documents");
  }
}
