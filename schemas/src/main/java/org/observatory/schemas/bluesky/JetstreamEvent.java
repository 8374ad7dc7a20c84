package org.observatory.schemas.bluesky;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One event of Jetstream's v1 {@code /subscribe} wire: a repository commit, an identity change or an
 * account's status. Every event has the repository's DID and {@code time_us}, the instance's clock in
 * microseconds (the cursor to resume from).
 */
public sealed interface JetstreamEvent {
  String did();

  long timeUs();

  /**
   * A record created, updated or deleted.
   *
   * @param record the record for a create or an update; null for a delete
   */
  record Commit(String did, long timeUs, String operation, String collection, String rkey, String cid,
      JsonNode record) implements JetstreamEvent {
    /** The record's at-URI (its parts were checked when the event was read). */
    public AtUri uri() {
      return new AtUri(did, collection, rkey);
    }

    public boolean isDelete() {
      return operation.equals("delete");
    }
  }

  /** The DID's handle changed, or was confirmed; the handle may be absent. */
  record Identity(String did, long timeUs, String handle) implements JetstreamEvent {}

  /**
   * The account's hosting status: {@code active}, or not with a status such as {@code deleted},
   * {@code takendown}, {@code suspended} or {@code deactivated}.
   */
  record Account(String did, long timeUs, boolean active, String status) implements JetstreamEvent {
    /** Whether the account's posts must go: it was deleted or taken down. */
    public boolean erases() {
      return !active && ("deleted".equals(status) || "takendown".equals(status));
    }
  }
}
