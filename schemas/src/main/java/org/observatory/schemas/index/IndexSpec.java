package org.observatory.schemas.index;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The declarative index specification: which index tables exist and how their entries are derived. */
public record IndexSpec(List<IndexDefinition> indexes) {
  private static final String DEFAULT_RESOURCE = "default-index-spec.yaml";
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  public IndexSpec {
    indexes = indexes == null ? List.of() : List.copyOf(indexes);
    validate(indexes);
  }

  /** The specification that ships with Observatory: meme, text, user-tweets, retweet, screen-name, trend. */
  public static IndexSpec defaults() {
    return parse(shippedYaml());
  }

  /** The shipped specification's text: what a variant of it (a benchmark's, a test's) starts from. */
  public static String shippedYaml() {
    try (InputStream in = IndexSpec.class.getResourceAsStream(DEFAULT_RESOURCE)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("the shipped index specification is unreadable", e);
    }
  }

  /** @throws IllegalArgumentException naming the problem when the file is not a valid specification */
  public static IndexSpec load(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return YAML.readValue(in, IndexSpec.class);
    } catch (MismatchedInputException e) {
      throw new IllegalArgumentException("index specification " + file + ": " + e.getOriginalMessage(), e);
    } catch (com.fasterxml.jackson.databind.JsonMappingException e) {
      Throwable cause = e.getCause() instanceof IllegalArgumentException ? e.getCause() : e;
      throw new IllegalArgumentException("index specification " + file + ": " + cause.getMessage(), e);
    }
  }

  /** The specification as YAML that {@link #parse} reads back: how it travels to MapReduce tasks. */
  public String toYaml() {
    try {
      return YAML.writeValueAsString(this);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the index specification", e);
    }
  }

  /** @throws IllegalArgumentException when the text is not a valid specification */
  public static IndexSpec parse(String yaml) {
    try {
      return YAML.readValue(yaml, IndexSpec.class);
    } catch (IOException e) {
      throw new IllegalArgumentException("not a valid index specification: " + e.getMessage(), e);
    }
  }

  /** The index of this name, if the specification defines one. */
  public Optional<IndexDefinition> index(String name) {
    return indexes.stream().filter(d -> d.name().equals(name)).findFirst();
  }

  public List<String> names() {
    return indexes.stream().map(IndexDefinition::name).toList();
  }


  private static void validate(List<IndexDefinition> indexes) {
    Set<String> seen = new HashSet<>();
    for (IndexDefinition index : indexes) {
      if (!seen.add(index.name())) {
        throw new IllegalArgumentException("index " + index.name() + " is defined twice");
      }
      if (index.isPlugin() != index.keys().isEmpty()) {
        throw new IllegalArgumentException(
            "index " + index.name() + " needs either keys or a plug-in class, not both or neither");
      }
      for (KeyRule rule : index.keys()) {
        if (!TweetFields.isField(rule.field())) {
          throw new IllegalArgumentException("index " + index.name() + ": unknown field '" + rule.field()
              + "'; known fields: " + TweetFields.names());
        }
      }
      checkIdField(index, "qualifier", index.qualifier());
      if (index.value() != null) {
        checkIdField(index, "value", index.value());
      }
      checkCarried(index, "", index.carries());
      for (KeyRule rule : index.keys()) {
        List<String> carried = new java.util.ArrayList<>(index.carries());
        carried.addAll(rule.carries());
        checkCarried(index, "the rule of " + rule.field() + " ", carried);
      }
      checkPrefixesApart(index);
      checkCarryingRulesApart(index);
      if (index.isPlugin() && index.hourly()) {
        throw new IllegalArgumentException("index " + index.name() + ": a plug-in's keys are what it makes them, not hourly");
      }
      if (index.isPlugin() && !index.carries().isEmpty()) {
        throw new IllegalArgumentException("index " + index.name() + ": a plug-in's cells carry what it puts there");
      }
    }
  }

  /** Fields carried are fields, each once (a rule's after the index's own). */
  private static void checkCarried(IndexDefinition index, String who, List<String> carried) {
    Set<String> seen = new HashSet<>();
    for (String field : carried) {
      if (!TweetFields.isField(field) || !seen.add(field)) {
        throw new IllegalArgumentException("index " + index.name() + ": " + who + "carries '" + field + "', which is "
            + (seen.contains(field) ? "listed twice" : "not a field; known fields: " + TweetFields.names()));
      }
    }
  }

  /** A cell holds what its rule carries, so a carrying rule's keys must be its own: its prefix begins no other's, nor another's it. */
  private static void checkCarryingRulesApart(IndexDefinition index) {
    for (KeyRule a : index.keys()) {
      for (KeyRule b : index.keys()) {
        if (a != b && !a.carries().isEmpty() && (b.prefix().startsWith(a.prefix()) || a.prefix().startsWith(b.prefix()))) {
          throw new IllegalArgumentException("index " + index.name() + ": the rule of " + a.field() + " carries fields "
              + "of its own, so its prefix '" + a.prefix() + "' and that of " + b.field() + " ('" + b.prefix()
              + "') must not begin one another");
        }
      }
    }
  }

  /** An hourly index's kinds are read by prefix: no rule's prefix may begin another's. */
  private static void checkPrefixesApart(IndexDefinition index) {
    if (!index.hourly()) {
      return;
    }
    for (KeyRule a : index.keys()) {
      for (KeyRule b : index.keys()) {
        if (a != b && b.prefix().startsWith(a.prefix())) {
          throw new IllegalArgumentException("index " + index.name() + ": an hourly index's prefixes must not "
              + "begin one another, but '" + a.prefix() + "' (" + a.field() + ") begins '" + b.prefix() + "' ("
              + b.field() + ")");
        }
      }
    }
  }

  private static void checkIdField(IndexDefinition index, String role, String field) {
    if (!TweetFields.isIdField(field)) {
      throw new IllegalArgumentException("index " + index.name() + ": " + role + " must be an id field ("
          + TweetFields.names().stream().filter(TweetFields::isIdField).toList() + "), not '" + field + "'");
    }
  }
}
