package org.observatory.schemas.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class IndexSpecTest {
  @Test
  void theShippedSpecificationSurvivesTheTripThroughYaml() {
    IndexSpec shipped = IndexSpec.defaults();
    assertThat(IndexSpec.parse(shipped.toYaml())).isEqualTo(shipped);
  }

  @Test
  void aPluginIndexSurvivesTheTripThroughYaml() {
    IndexSpec spec = new IndexSpec(List.of(new IndexDefinition("custom", List.of(), null, null, "org.example.Custom")));
    assertThat(IndexSpec.parse(spec.toYaml())).isEqualTo(spec);
  }

  @Test
  void anInvalidSpecificationIsRefusedWithTheReason() {
    assertThatThrownBy(() -> IndexSpec.parse("indexes:\n  - name: Bad Name\n    keys: [{field: text}]\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index name");
  }

  @Test
  void carriedFieldsMustBeFieldsListedOnce() {
    assertThatThrownBy(() -> IndexSpec.parse("indexes:\n  - name: m\n    keys: [{field: hashtags}]\n"
        + "    carries: [user.shoe_size]\n"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("user.shoe_size").hasMessageContaining("known fields");
    assertThatThrownBy(() -> IndexSpec.parse("indexes:\n  - name: m\n    keys: [{field: hashtags}]\n"
        + "    carries: [lang, lang]\n"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("listed twice");
  }

  @Test
  void aRulesCarriedFieldsMustBeFieldsNotAlsoTheIndexs() {
    assertThatThrownBy(() -> IndexSpec.parse("indexes:\n  - name: m\n    keys: [{field: user.id, carries: [nope]}]\n"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("the rule of user.id carries 'nope'");
    assertThatThrownBy(() -> IndexSpec.parse("indexes:\n  - name: m\n    carries: [lang]\n"
        + "    keys: [{field: user.id, carries: [lang]}]\n"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("listed twice");
    assertThatThrownBy(() -> IndexSpec.parse("indexes:\n  - name: m\n    keys: [{field: mentions.screen_name, prefix: '@'},"
        + " {field: mentions.id, prefix: '@id:', carries: [lang]}]\n"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not begin one another");
  }

  /** The catalog compares an entry's JSON as it wrote it: a rule carrying nothing is written as before rules could. */
  @Test
  void aRuleCarryingNothingIsWrittenWithoutCarries() throws Exception {
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    String written = json.writeValueAsString(new KeyRule("hashtags", KeyForm.LOWERCASE, "#"));

    assertThat(written).isEqualTo("{\"field\":\"hashtags\",\"form\":\"lowercase\",\"prefix\":\"#\"}");
    assertThat(json.readValue(written, KeyRule.class)).isEqualTo(new KeyRule("hashtags", KeyForm.LOWERCASE, "#"));
    KeyRule carrying = new KeyRule("user.id", KeyForm.AS_IS, "user ", List.of("user.screen_name"));
    assertThat(json.readValue(json.writeValueAsString(carrying), KeyRule.class)).isEqualTo(carrying);
    assertThat(carrying.keysAlike(new KeyRule("user.id", KeyForm.AS_IS, "user "))).isTrue();
  }

  @Test
  void anHourlyIndexsPrefixesMustNotBeginOneAnother() {
    assertThatThrownBy(() -> IndexSpec.parse("indexes:\n  - name: t\n    hourly: true\n    keys:\n"
        + "      - {field: hashtags, prefix: \"#\"}\n      - {field: urls}\n"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not begin one another");
    assertThat(IndexSpec.parse("indexes:\n  - name: t\n    keys:\n"
        + "      - {field: hashtags, prefix: \"#\"}\n      - {field: urls}\n").indexes()).hasSize(1);
  }

  @Test
  void anHourlyIndexKeysATweetAfterTheHourItWasPostedIn() {
    IndexDefinition trend = IndexSpec.defaults().index("trend").orElseThrow();
    long posted = java.time.Instant.parse("2012-06-08T14:59:59Z").toEpochMilli();
    org.observatory.schemas.tweet.Tweet tweet = new org.observatory.schemas.tweet.Tweet(1L, posted, posted, "t",
        null, new org.observatory.schemas.tweet.Tweet.User(42L, "Ann", null), List.of("Euro2012"), List.of(),
        List.of("https://WWW.Example.org:8080/a?b", "http://example.org/c"), List.of(), null, null, null, "{}");

    assertThat(trend.hourly()).isTrue();
    assertThat(trend.keys(tweet)).containsExactly("2012060814#euro2012", "2012060814url https://WWW.Example.org:8080/a?b",
        "2012060814url http://example.org/c", "2012060814domain example.org", "2012060814user 42");
  }
}
