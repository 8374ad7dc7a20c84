package org.observatory.loader.historical;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * The ids a load's delete notices name, asked about once for nearly every cell the sort writes. Two
 * bits per id, hashed into a filter that fits a core's cache (128 KB for 50,000 ids), answer most of
 * those questions; only ids whose two bits are set (the deleted, and about 1 % of the rest) reach the
 * set. The set alone took 3 % of a bulk load's CPU samples, its lookups missing the cache
 * (docs/operations.md).
 */
final class DeletedIds {
  private static final int BITS_PER_ID = 16;
  private static final long MIN_BITS = 1 << 12;
  private static final long MAX_BITS = 1L << 30;
  // Multiplicative hashing: a snowflake's low bits vary little, its high bits not at all within a month.
  private static final long SPREAD = 0x9E3779B97F4A7C15L;
  private static final long SPREAD_AGAIN = 0xC2B2AE3D27D4EB4FL;

  private final Set<Long> ids;
  private final long[] filter;
  private final int shift;

  DeletedIds(Collection<Long> ids) {
    this.ids = new HashSet<>(ids);
    long wanted = Long.highestOneBit((long) this.ids.size() * BITS_PER_ID) << 1;
    int bits = (int) Math.min(MAX_BITS, Math.max(MIN_BITS, wanted));
    filter = new long[bits / Long.SIZE];
    shift = Long.SIZE - Integer.numberOfTrailingZeros(bits);
    for (long id : this.ids) {
      set(bit(id, SPREAD));
      set(bit(id, SPREAD_AGAIN));
    }
  }

  boolean isEmpty() {
    return ids.isEmpty();
  }

  boolean contains(long id) {
    return isSet(bit(id, SPREAD)) && isSet(bit(id, SPREAD_AGAIN)) && ids.contains(id);
  }

  private int bit(long id, long spread) {
    return (int) ((id * spread) >>> shift);
  }

  private void set(int bit) {
    filter[bit >>> 6] |= 1L << bit;
  }

  private boolean isSet(int bit) {
    return (filter[bit >>> 6] & (1L << bit)) != 0;
  }
}
