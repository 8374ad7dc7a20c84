package org.observatory.schemas.bluesky;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import org.observatory.schemas.tweet.Snowflake;
import org.observatory.schemas.tweet.TwitterDates;

/**
 * STORED FORMAT: a Bluesky post or repost written as the Twitter v1.1 status the tables store, so that
 * one parser, one indexer and every query serve both platforms. The status carries the allocated ids
 * ({@code id}, {@code user.id}, the mentioned, replied-to and quoted ids), its {@code created_at} is
 * the time its id tells, and a {@code bluesky} object keeps what a tweet has no field for: the at-URI,
 * the web link, the DID, the record's CID, every language, the client's {@code createdAt}, the at-URIs
 * replied to and quoted, and for a repost its subject. Nothing in it depends on which Jetstream
 * instance sent the event (their {@code time_us} differ), so an event replayed by another rewrites
 * the same cells.
 *
 * <p>A repost is a retweet of its subject: {@code retweeted_status} references the original (id,
 * author, creation time); when the original is stored, the repost takes its text and entities, as a
 * Twitter retweet's text holds its original's, so that it counts under the original's memes.
 */
public final class BlueskyStatus {
  /** The field of the stored status that holds the Bluesky attributes. */
  public static final String FIELD = "bluesky";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The ids and names allocated to what a post names. */
  public interface Ids {
    long post(AtUri uri);

    long user(String did);

    /** The name a DID goes by at this event: its handle then, else the DID itself. */
    String name(String did);
  }

  private BlueskyStatus() {}

  public static String post(JetstreamEvent.Commit commit, PostRecord post, Ids ids) {
    AtUri uri = commit.uri();
    long id = ids.post(uri);
    ObjectNode status = status(id, commit.did(), ids);
    status.put("text", post.text());
    if (!post.langs().isEmpty()) {
      status.put("lang", post.langs().get(0));
    }
    ObjectNode entities = status.putObject("entities");
    ArrayNode hashtags = entities.putArray("hashtags");
    post.hashtags().forEach(t -> indices(hashtags.addObject().put("text", t.value()), t.start(), t.end()));
    ArrayNode mentions = entities.putArray("user_mentions");
    for (PostRecord.Mention m : post.mentions()) {
      long user = ids.user(m.did());
      indices(mentions.addObject().put("id", user).put("id_str", Long.toString(user))
          .put("screen_name", m.handle() != null ? m.handle() : ids.name(m.did())).put("did", m.did()), m.start(), m.end());
    }
    ArrayNode urls = entities.putArray("urls");
    post.links().forEach(l -> indices(urls.addObject().put("url", l.value()).put("expanded_url", l.value()),
        l.start(), l.end()));
    ObjectNode bluesky = bluesky(status, commit, uri, uri);
    ArrayNode langs = bluesky.putArray("langs");
    post.langs().forEach(langs::add);
    bluesky.put("createdAt", post.createdAt());
    if (post.replyParent() != null) {
      long parent = ids.post(post.replyParent());
      long parentUser = ids.user(post.replyParent().did());
      status.put("in_reply_to_status_id", parent).put("in_reply_to_status_id_str", Long.toString(parent))
          .put("in_reply_to_user_id", parentUser).put("in_reply_to_user_id_str", Long.toString(parentUser));
      bluesky.putObject("reply").put("parent", post.replyParent().toString()).put("root", post.replyRoot().toString());
    }
    if (post.quote() != null) {
      long quoted = ids.post(post.quote());
      status.put("quoted_status_id", quoted).put("quoted_status_id_str", Long.toString(quoted));
      reference(status.putObject("quoted_status"), quoted, ids.user(post.quote().did()), false);
      bluesky.put("quote", post.quote().toString());
    }
    return write(status);
  }

  /**
   * @param original the subject's stored status (as this class wrote it), or null when it is not stored
   */
  public static String repost(JetstreamEvent.Commit commit, AtUri subject, JsonNode original, Ids ids) {
    AtUri uri = commit.uri();
    ObjectNode status = status(ids.post(uri), commit.did(), ids);
    status.put("text", original == null ? "" : original.path("text").asText(""));
    if (original != null && original.hasNonNull("lang")) {
      status.put("lang", original.get("lang").asText());
    }
    status.set("entities", original != null && original.has("entities") ? original.get("entities").deepCopy()
        : JSON.createObjectNode());
    long originalId = ids.post(subject);
    reference(status.putObject("retweeted_status"), originalId, ids.user(subject.did()), true);
    ObjectNode bluesky = bluesky(status, commit, uri, subject);
    bluesky.put("createdAt", commit.record().path("createdAt").asText(""));
    bluesky.put("subject", subject.toString());
    bluesky.put("subjectStored", original != null);
    return write(status);
  }

  private static ObjectNode status(long id, String did, Ids ids) {
    ObjectNode status = JSON.createObjectNode();
    status.put("created_at", TwitterDates.format(Snowflake.createdAt(id)));
    status.put("id", id).put("id_str", Long.toString(id));
    long user = ids.user(did);
    status.putObject("user").put("id", user).put("id_str", Long.toString(user)).put("screen_name", ids.name(did))
        .put("did", did);
    return status;
  }

  /** @param page the post whose web page the status links to: its own, or a repost's subject */
  private static ObjectNode bluesky(ObjectNode status, JetstreamEvent.Commit commit, AtUri uri, AtUri page) {
    ObjectNode bluesky = status.putObject(FIELD);
    bluesky.put("uri", uri.toString());
    bluesky.put("url", page.webUrl());
    bluesky.put("did", commit.did());
    bluesky.put("cid", commit.cid());
    return bluesky;
  }

  /** A reference as the parser cuts embedded statuses to: id, author, and the creation time when known. */
  private static void reference(ObjectNode ref, long id, long userId, boolean withTime) {
    ref.put("id", id).put("id_str", Long.toString(id));
    if (withTime) {
      ref.put("created_at", TwitterDates.format(Snowflake.createdAt(id)));
    }
    ref.putObject("user").put("id", userId).put("id_str", Long.toString(userId));
  }

  private static void indices(ObjectNode entity, int start, int end) {
    if (start >= 0) {
      entity.putArray("indices").add(start).add(end);
    }
  }

  private static String write(ObjectNode status) {
    try {
      return JSON.writeValueAsString(status);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
