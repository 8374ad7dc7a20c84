package org.observatory.schemas.bluesky;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.observatory.schemas.tweet.MalformedTweetException;

/**
 * What an {@code app.bsky.feed.post} record holds for the tables, its facets' UTF-8 byte ranges turned
 * into the code-point ranges tweets' entities have: hashtags from {@code #tag} facets and the record's
 * {@code tags}; mentions from {@code #mention} facets, each a DID and the handle its text spans; URLs
 * from {@code #link} facets and an external embed, never from the text, where Bluesky shortens them;
 * the post replied to and the post quoted.
 *
 * @param createdAt the client's {@code createdAt}, as written: kept, never used to file the post
 * @param quote the post an {@code embed.record} or {@code embed.recordWithMedia} quotes, else null
 */
public record PostRecord(String text, List<String> langs, String createdAt, List<Entity> hashtags,
    List<Mention> mentions, List<Entity> links, AtUri replyParent, AtUri replyRoot, AtUri quote) {

  /** A hashtag or a URL; {@code start} and {@code end} are code points of the text, -1 when not in it. */
  public record Entity(String value, int start, int end) {}

  /** A mentioned account: its DID, and the handle the facet spans (lower-cased), or null. */
  public record Mention(String did, String handle, int start, int end) {}

  /** @throws MalformedTweetException when a field the lexicon requires is missing or a facet is out of place */
  public static PostRecord of(JsonNode record) throws MalformedTweetException {
    JsonNode text = record.get("text");
    if (text == null || !text.isTextual()) {
      throw new MalformedTweetException("post without text");
    }
    JsonNode createdAt = record.get("createdAt");
    if (createdAt == null || !createdAt.isTextual()) {
      throw new MalformedTweetException("post without createdAt");
    }
    List<String> langs = new ArrayList<>();
    record.path("langs").forEach(l -> {
      if (l.isTextual() && !l.asText().isBlank()) {
        langs.add(l.asText());
      }
    });
    Facets facets = new Facets(text.asText());
    for (JsonNode facet : record.path("facets")) {
      facets.read(facet);
    }
    for (JsonNode tag : record.path("tags")) {
      if (tag.isTextual()) {
        facets.tag(tag.asText(), -1, -1);
      }
    }
    JsonNode embed = record.path("embed");
    String embedType = embed.path("$type").asText();
    AtUri quote = switch (embedType) {
      case "app.bsky.embed.record" -> quoted(embed.path("record").path("uri"));
      case "app.bsky.embed.recordWithMedia" -> quoted(embed.path("record").path("record").path("uri"));
      default -> null;
    };
    JsonNode external = embedType.equals("app.bsky.embed.recordWithMedia") ? embed.path("media") : embed;
    if (external.path("$type").asText().equals("app.bsky.embed.external")) {
      String uri = external.path("external").path("uri").asText("");
      if (!uri.isEmpty() && facets.links.stream().noneMatch(l -> l.value().equals(uri))) {
        facets.links.add(new Entity(uri, -1, -1));
      }
    }
    JsonNode reply = record.path("reply");
    AtUri parent = reply.isMissingNode() ? null : strongRef(reply.path("parent"), "reply.parent");
    AtUri root = reply.isMissingNode() ? null : strongRef(reply.path("root"), "reply.root");
    return new PostRecord(text.asText(), List.copyOf(langs), createdAt.asText(), List.copyOf(facets.tags),
        List.copyOf(facets.mentions), List.copyOf(facets.links), parent, root, quote);
  }

  /** The quoted record when it is a post (a record embed may also show a list, a feed or a starter pack). */
  private static AtUri quoted(JsonNode uri) throws MalformedTweetException {
    if (!uri.isTextual()) {
      throw new MalformedTweetException("record embed without a uri");
    }
    AtUri quoted = AtUri.parse(uri.asText());
    return quoted.collection().equals(AtUri.POST) ? quoted : null;
  }

  static AtUri strongRef(JsonNode ref, String what) throws MalformedTweetException {
    JsonNode uri = ref.path("uri");
    if (!uri.isTextual()) {
      throw new MalformedTweetException(what + " without a uri");
    }
    return AtUri.parse(uri.asText());
  }

  /** Reads facets against the text's UTF-8 bytes. */
  private static final class Facets {
    private final String text;
    private final byte[] utf8;
    final List<Entity> tags = new ArrayList<>();
    final List<Mention> mentions = new ArrayList<>();
    final List<Entity> links = new ArrayList<>();

    Facets(String text) {
      this.text = text;
      this.utf8 = text.getBytes(StandardCharsets.UTF_8);
    }

    void read(JsonNode facet) throws MalformedTweetException {
      JsonNode index = facet.path("index");
      JsonNode from = index.path("byteStart");
      JsonNode to = index.path("byteEnd");
      if (!from.canConvertToInt() || !to.canConvertToInt()) {
        throw new MalformedTweetException("facet without byteStart and byteEnd");
      }
      int byteStart = from.asInt();
      int byteEnd = to.asInt();
      if (byteStart < 0 || byteEnd <= byteStart || byteEnd > utf8.length) {
        throw new MalformedTweetException("facet bytes [" + byteStart + ", " + byteEnd + ") fall outside the text's "
            + utf8.length + " UTF-8 bytes");
      }
      if (!boundary(byteStart) || !boundary(byteEnd)) {
        throw new MalformedTweetException("facet bytes [" + byteStart + ", " + byteEnd + ") split a UTF-8 sequence");
      }
      int start = codePoints(byteStart);
      int end = start + codePointsBetween(byteStart, byteEnd);
      for (JsonNode feature : facet.path("features")) {
        switch (feature.path("$type").asText()) {
          case "app.bsky.richtext.facet#tag" -> tag(required(feature, "tag"), start, end);
          case "app.bsky.richtext.facet#mention" -> {
            String did = required(feature, "did");
            if (!AtUri.isDid(did)) {
              throw new MalformedTweetException("mention of a malformed DID: " + AtUri.shortened(did));
            }
            mentions.add(new Mention(did, handle(new String(utf8, byteStart, byteEnd - byteStart, StandardCharsets.UTF_8)),
                start, end));
          }
          case "app.bsky.richtext.facet#link" -> links.add(new Entity(required(feature, "uri"), start, end));
          default -> { } // a feature of another lexicon: not an entity
        }
      }
    }

    void tag(String tag, int start, int end) {
      String name = tag.startsWith("#") ? tag.substring(1) : tag;
      if (!name.isBlank() && tags.stream().noneMatch(t -> t.value().equalsIgnoreCase(name))) {
        tags.add(new Entity(name, start, end));
      }
    }

    /** A UTF-8 sequence does not begin with a continuation byte, 10xxxxxx. */
    private boolean boundary(int at) {
      return at == utf8.length || (utf8[at] & 0xC0) != 0x80;
    }

    private int codePoints(int bytes) {
      return codePointsBetween(0, bytes);
    }

    private int codePointsBetween(int from, int to) {
      int n = 0;
      for (int i = from; i < to; i++) {
        if ((utf8[i] & 0xC0) != 0x80) {
          n++;
        }
      }
      return n;
    }

    private static String required(JsonNode feature, String field) throws MalformedTweetException {
      JsonNode value = feature.get(field);
      if (value == null || !value.isTextual() || value.asText().isEmpty()) {
        throw new MalformedTweetException(feature.path("$type").asText() + " facet without " + field);
      }
      return value.asText();
    }

    /** The handle a mention's text spans: {@code @alice.bsky.social}, lower-cased; null when it is none. */
    private static String handle(String spanned) {
      String handle = spanned.startsWith("@") ? spanned.substring(1) : spanned;
      handle = handle.toLowerCase(Locale.ROOT);
      return handle.matches("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+") ? handle : null;
    }
  }
}
