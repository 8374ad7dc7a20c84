package org.observatory.api.query.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.Meme;
import org.observatory.api.query.MemeKeys;
import org.observatory.api.query.engine.QueryEngine;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.index.KeyForm;
import org.observatory.schemas.index.KeyRule;

/** The catalogue parses each query once into its typed value, by the specification in force; no store. */
class QueryCatalogueTest {
  private final QueryEngine shipped = engine(IndexSpec.defaults());

  @Test
  void everyKindParsesItsOwnParametersIntoItsValue() {
    for (QueryKind kind : QueryKind.values()) {
      Map<String, String> given = new LinkedHashMap<>();
      for (QueryParameter parameter : kind.parameters()) {
        given.put(parameter.apiName(), switch (parameter) {
          case MEMES -> "#Euro2012,@BBCSport";
          case WORDS -> "Goal scored";
          case USER -> "@bbcsport";
          case ID -> "210462857140252672";
          case GRANULARITY -> "hour";
          case FIELDS -> "userId";
          case KIND -> "mentions";
          case LIMIT -> "10";
          case RANK -> "rise";
          case SAMPLE -> "1%";
          case TYPES -> "retweet,quote";
          case TWEET_IDS -> "true";
          case NODES -> "10";
          case AROUND -> "14230524";
          case TRACE -> "co-burst";
          case BURST -> "60";
          case MIN_TRACES -> "3";
          case THRESHOLD -> "0.8";
          case SHARED -> "true";
          case START, END -> "2012-06-16";
          case PLATFORM, FORMAT -> throw new AssertionError("every query takes " + parameter + "; none lists it");
        });
      }

      Query query = shipped.parse(kind.apiName(), given);

      assertThat(query.kind()).isEqualTo(kind);
      assertThat(query.window().startInstant()).hasToString("2012-06-16T00:00:00Z");
      assertThat(query instanceof LookupQuery).as(kind.apiName()).isEqualTo(kind.isLookup());
      assertThat(kind.resultFileName()).isEqualTo(kind.isLookup() ? "result.ndjson" : "result.json");
    }
  }

  @Test
  void everyQueryTakesTheWindowAndOnlyGraphsOfMemesAndOfLikeAccountsAreUndirected() {
    for (QueryKind kind : QueryKind.values()) {
      assertThat(kind.parameters()).as(kind.apiName()).contains(QueryParameter.START, QueryParameter.END);
      assertThat(kind.answer().directed()).as(kind.apiName())
          .isEqualTo(kind.isEdgeList() && kind != QueryKind.MEME_NETWORK && kind != QueryKind.COORDINATED_ACCOUNTS);
    }
    assertThat(QueryParameter.named("tweetIds")).contains(QueryParameter.TWEET_IDS);
    assertThat(QueryParameter.named("tweetids")).isEmpty();
  }

  @Test
  void valuesAreKeyedAsTheIndexKeysThem() {
    MemePostCount memes = (MemePostCount) shipped.parse("meme-post-count",
        Map.of("memes", "#Euro2012,@BBCSport,@id:42,https://t.co/X", "start", "2012-06-16", "end", "2012-06-16"));
    TextLookup text = (TextLookup) shipped.parse("get-tweets-with-text",
        Map.of("words", "The GOAL of the match", "start", "2012-06-16", "end", "2012-06-16"));
    UserLookup user = (UserLookup) shipped.parse("get-tweets-with-user",
        Map.of("user", "@BBCSport", "start", "2012-06-16", "end", "2012-06-16"));

    assertThat(memes.memes()).extracting(Meme::indexKey).containsExactly("#euro2012", "@bbcsport", "@id:42", "https://t.co/X");
    assertThat(text.keys()).containsExactly("goal", "match");
    assertThat(user.nameKeys()).containsExactly("bbcsport");
  }

  @Test
  void aRenamedPrefixAndAnExtraRuleAreWhatMemesMean() {
    IndexSpec custom = new IndexSpec(List.of(new IndexDefinition("meme", List.of(
        new KeyRule("hashtags", KeyForm.LOWERCASE, "$"), new KeyRule("lang", KeyForm.AS_IS, "lang:"),
        new KeyRule("mentions.id", KeyForm.AS_IS, "@id:")), null, "user.id", null)));
    MemeKeys keys = MemeKeys.of(custom);

    assertThat(keys.parseList("$Euro2012,lang:en,@id:7,$eu*", 10)).extracting(Meme::indexKey)
        .containsExactly("$euro2012", "lang:en", "@id:7", "$eu");
    assertThatThrownBy(() -> keys.parse("#euro2012")).hasMessageContaining("not a meme")
        .hasMessageContaining("$hashtag, lang:VALUE or @id:USERID");
    assertThatThrownBy(() -> keys.parse("@someone")).hasMessageContaining("not a meme");
  }

  @Test
  void unknownQueriesAndBadParametersAreRefusedWithTheirReason() {
    assertThatThrownBy(() -> shipped.parse("meme-count", Map.of())).isInstanceOf(BadQueryException.class)
        .hasMessageContaining("unknown query 'meme-count'").hasMessageContaining("get-retweets");
    assertThatThrownBy(() -> shipped.parse("get-retweets", Map.of("id", "x1", "start", "2012-06-16", "end", "2012-06-16")))
        .hasMessageContaining("must be a tweet id");
    assertThatThrownBy(() -> shipped.parse("get-retweets", Map.of("start", "2012-06-16", "end", "2012-06-16")))
        .hasMessageContaining("missing parameter 'id'");
    assertThatThrownBy(() -> shipped.parse("get-tweets-with-text", Map.of("words", "the of", "start", "2012-06-16",
        "end", "2012-06-16"))).hasMessageContaining("no searchable word");
    assertThatThrownBy(() -> shipped.parse("meme-post-count", Map.of("memes", "http://", "start", "2012-06-16",
        "end", "2012-06-16"))).hasMessageContaining("not a meme");
    IndexSpec withoutTrend = new IndexSpec(IndexSpec.defaults().indexes().stream()
        .filter(d -> !d.name().equals("trend")).toList());
    assertThatThrownBy(() -> engine(withoutTrend).parse("top-memes", Map.of("start", "2012-06-16", "end", "2012-06-16")))
        .isInstanceOf(BadQueryException.class).hasMessageContaining("no 'trend' index");
  }

  /** An engine that is only asked to parse. */
  private static QueryEngine engine(IndexSpec spec) {
    return new QueryEngine(spec, new QuerySettings(), null, null, null, (query, asked, tweets, progress) -> Map.of());
  }
}
