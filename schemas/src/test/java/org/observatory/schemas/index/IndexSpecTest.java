package org.observatory.schemas.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
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
}
