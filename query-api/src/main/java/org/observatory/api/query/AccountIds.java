package org.observatory.api.query;

import java.util.OptionalLong;

/**
 * Accounts named by a DID, as the user ids the tables hold: {@code @did:plc:…} memes and
 * {@code user=did:plc:…} lookups on Bluesky. Twitter's accounts have no DID.
 */
@FunctionalInterface
public interface AccountIds {
  /** A platform whose accounts have no DIDs. */
  AccountIds NONE = did -> {
    throw new BadQueryException("'" + did + "' is a DID, which names a Bluesky account: ask with platform=bluesky");
  };

  /** The user id of the DID, or empty when no event stored ever named it. */
  OptionalLong of(String did);
}
