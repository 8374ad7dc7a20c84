package org.observatory.loader.bluesky;

import org.observatory.testdata.JetstreamEvents;

/** Jetstream v1 events written by hand for tests, in the wire's own shape. */
final class Events {
  private Events() {}

  static String post(String did, String rkey, long timeUs, String text) {
    return JetstreamEvents.create(did, timeUs, "app.bsky.feed.post", rkey,
        "{\"$type\":\"app.bsky.feed.post\",\"createdAt\":\"2026-07-04T14:00:00Z\",\"langs\":[\"en\"],\"text\":\"" + text + "\"}");
  }

  static String hashtagPost(String did, String rkey, long timeUs, String tag) {
    String text = "#" + tag + " now";
    return JetstreamEvents.create(did, timeUs, "app.bsky.feed.post", rkey,
        "{\"$type\":\"app.bsky.feed.post\",\"createdAt\":\"2026-07-04T14:00:00Z\",\"text\":\"" + text + "\",\"facets\":[{"
            + "\"index\":{\"byteStart\":0,\"byteEnd\":" + (tag.length() + 1) + "},\"features\":[{\"$type\":"
            + "\"app.bsky.richtext.facet#tag\",\"tag\":\"" + tag + "\"}]}]}");
  }

  static String repost(String did, String rkey, long timeUs, String subjectUri) {
    return JetstreamEvents.create(did, timeUs, "app.bsky.feed.repost", rkey,
        "{\"$type\":\"app.bsky.feed.repost\",\"createdAt\":\"2026-07-04T14:00:00Z\",\"subject\":{\"cid\":\"bafy\",\"uri\":\""
            + subjectUri + "\"}}");
  }

  static String delete(String did, String collection, String rkey, long timeUs) {
    return "{\"did\":\"" + did + "\",\"time_us\":" + timeUs + ",\"kind\":\"commit\",\"commit\":{\"rev\":\"r\","
        + "\"operation\":\"delete\",\"collection\":\"" + collection + "\",\"rkey\":\"" + rkey + "\"}}";
  }

  static String accountGone(String did, long timeUs, String status) {
    return "{\"did\":\"" + did + "\",\"time_us\":" + timeUs + ",\"kind\":\"account\",\"account\":{\"active\":false,"
        + "\"did\":\"" + did + "\",\"seq\":1,\"status\":\"" + status + "\",\"time\":\"2026-07-04T14:00:00Z\"}}";
  }

  static String identity(String did, long timeUs, String handle) {
    return "{\"did\":\"" + did + "\",\"time_us\":" + timeUs + ",\"kind\":\"identity\",\"identity\":{\"did\":\"" + did
        + "\",\"handle\":\"" + handle + "\",\"seq\":1,\"time\":\"2026-07-04T14:00:00Z\"}}";
  }

  static String uri(String did, String rkey) {
    return "at://" + did + "/app.bsky.feed.post/" + rkey;
  }
}
