package org.observatory.api.query.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.observatory.api.query.index.MemoryStore;
import org.observatory.api.query.output.QueryResult;
import org.observatory.generator.Generator;
import org.observatory.generator.GeneratorSettings;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.TableNames;
import org.observatory.testdata.RawMemes;

/**
 * coordinated-accounts at its defaults finds the campaign the generator plants in the event — a dozen
 * accounts retweeting the same tweets within seconds and posting the same link under the same hashtags
 * — and nothing but it, by each trace. The campaign's accounts are told apart in the raw files by the
 * hashtag only their posts carry.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlantedCampaignTest {
  private static final LocalDate FIRST = LocalDate.parse("2012-06-08");
  private final ExecutorService pool = Executors.newFixedThreadPool(4);
  private final MemoryStore store = new MemoryStore();
  private final Set<Long> campaign = new HashSet<>();
  private Ask ask;

  @BeforeAll
  void generateAndLoad() throws IOException {
    Path dir = Files.createTempDirectory("campaign");
    GeneratorSettings d = GeneratorSettings.defaults(FIRST, 3, 4_000);
    // no deletions: a campaign account whose posts are deleted shares fewer links and may fall below the threshold
    Generator.Summary generated = Generator.write(new GeneratorSettings(d.seed(), FIRST, 3, 4_000, d.users(),
        d.hashtags(), d.eventHashtag(), FIRST, d.retweetShare(), d.replyShare(), d.quoteShare(), 0, 0), dir);
    IndexSpec spec = IndexSpec.defaults();
    TableNames names = new TableNames("campaign");
    for (Path file : generated.files()) {
      store.load(names, spec, file);
      RawMemes.of(file).tweets().stream().filter(t -> t.retweetOfId() == 0 && t.memes().contains("#euro2012live"))
          .forEach(t -> campaign.add(t.userId()));
    }
    ask = Ask.inService(store.connection(), names, spec, pool);
  }

  @AfterAll
  void stop() {
    pool.shutdownNow();
  }

  @ParameterizedTest
  @ValueSource(strings = {"co-retweet", "co-url", "co-hashtags"})
  void theCampaignIsTheOneClusterAndWhole(String trace) throws IOException {
    QueryResult result = ask.answer("coordinated-accounts", "memes", "#euro2012", "start", FIRST.toString(),
        "end", FIRST.plusDays(2).toString(), "trace", trace);

    assertThat(campaign).hasSize(12);
    assertThat(result.coordination().clusters()).extracting(c -> Set.copyOf(c.accounts().stream()
        .map(QueryResult.Account::userId).toList())).containsExactly(campaign);
    assertThat(result.coordination().accounts()).as("ordinary accounts left traces too").isGreaterThan(campaign.size());
  }

  @ParameterizedTest
  @ValueSource(strings = {"30", "60"})
  void burstsFindTheCampaignAndNoOneElse(String seconds) throws IOException {
    QueryResult result = ask.answer("coordinated-accounts", "memes", "#euro2012", "start", FIRST.toString(),
        "end", FIRST.plusDays(2).toString(), "trace", "co-burst", "burst", seconds);

    List<Long> clustered = result.coordination().clusters().stream()
        .flatMap(c -> c.accounts().stream().map(QueryResult.Account::userId)).toList();
    // a push's acts span 35 s: in 30-second intervals the last accounts' fall in the next one
    assertThat(Set.copyOf(clustered)).isEqualTo(campaign);
  }
}
