package org.observatory.api.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The trail stays one JSON object a line, whatever a client puts in the values it gives. */
class AuditTest {
  @Test
  void lineBreaksOfAnyKindFromAClientStayInsideTheirLine() throws Exception {
    String given = "job\u2028forged\u2029line\nand\r\u0085more \u00e9\u65e5";
    try (AuditLines trail = new AuditLines()) {
      Audit.record("0123456789ab", "job.delete", Audit.given(given), "not-found", Map.of("why", given));
      String line = trail.lines().get(0);
      assertThat(line).doesNotContain("\u2028", "\u2029", "\n", "\r", "\u0085").contains("\\u2028", "\\u2029");
      assertThat(line.chars().allMatch(c -> c >= 0x20 && c < 0x7f)).as(line).isTrue();
      assertThat(new ObjectMapper().readTree(line).get("target").asText()).isEqualTo(given);
    }
  }

  @Test
  void aLongValueIsCutAndSaysHowLongItWas() {
    assertThat(Audit.given("x".repeat(441))).hasSizeLessThan(100).endsWith("(441 characters)");
    assertThat(Audit.given("short")).isEqualTo("short");
  }
}
