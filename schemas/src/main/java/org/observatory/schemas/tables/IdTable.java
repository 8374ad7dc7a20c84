package org.observatory.schemas.tables;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.tweet.Snowflake;

/**
 * The one owner of Bluesky's id table ({@link TableNames#ids}): the 8-byte ids the row keys hold,
 * allocated to DIDs and at-URIs as OpenTSDB's UniqueId allocates its ids — a forward row per name, a
 * reverse row per id, the reverse row claimed by check-and-put so that no two names can ever hold one
 * id, however many writers allocate at once.
 *
 * <p>STORED FORMAT — changing any of these orphans every id already allocated:
 * <ul>
 *   <li>forward row: the name in UTF-8 ({@code did:…} or {@code at://…}); family {@code i}, qualifier
 *       {@code id}: the id, 8 bytes;</li>
 *   <li>reverse row: {@code #} then the id's 8 bytes (no name begins with {@code #}); family {@code i},
 *       qualifier {@code name}: the name;</li>
 *   <li>user ids are {@link #FIRST_USER_ID} plus a 62-bit slot, above every Twitter user id, so the two
 *       platforms' users never share an id in an answer of both;</li>
 *   <li>post and repost ids are snowflake-shaped, {@link Snowflake#firstIdAt} of the millisecond that
 *       files the post plus a 22-bit slot: they tell their time as tweet ids do, which the month
 *       tables, the index scans and the eraser all rely on;</li>
 *   <li>a name's first slot comes from a hash of it ({@link #firstSlot}) and, when the reverse row of
 *       that id is another name's, the next slot is tried: the table, not the hash, makes ids unique,
 *       and the same name gets the same id whatever order names are met in;</li>
 *   <li>the rows of family {@code i} are stamped {@link #ALLOCATED}: an id is allocated once, for good,
 *       and two stores of the same events hold the same cells;</li>
 *   <li>a DID's forward row also holds its handles, family {@code h}, one version per handle seen,
 *       stamped with when it was seen (epoch ms), and, in family {@code i}, qualifier {@code erased}, the
 *       {@code time_us} its account was deleted or taken down.</li>
 * </ul>
 */
public final class IdTable {
  public static final byte[] IDS = Bytes.toBytes("i");
  public static final byte[] HANDLES = Bytes.toBytes("h");
  public static final byte[] ID = Bytes.toBytes("id");
  public static final byte[] NAME = Bytes.toBytes("name");
  public static final byte[] ERASED = Bytes.toBytes("erased");
  public static final byte[] HANDLE = new byte[0];
  /** The timestamp of the allocations' cells. */
  public static final long ALLOCATED = 0;
  /** How many handles of one DID are kept: renames are rare. */
  public static final int HANDLE_VERSIONS = 64;
  public static final long FIRST_USER_ID = 1L << 62;
  /** The slots of one millisecond a post id may take. */
  public static final long SLOTS_PER_MILLI = 1L << 22;
  /** The slots a user id may take. */
  public static final long USER_SLOTS = 1L << 62;
  private static final byte REVERSE = '#';

  private IdTable() {}

  public static byte[] nameRow(String name) {
    return name.getBytes(StandardCharsets.UTF_8);
  }

  public static byte[] idRow(long id) {
    return Bytes.add(new byte[] {REVERSE}, RowKeys.id(id));
  }

  /** The post id of a slot in the millisecond {@code epochMillis}. */
  public static long postId(long epochMillis, long slot) {
    return Snowflake.firstIdAt(epochMillis) + Math.floorMod(slot, SLOTS_PER_MILLI);
  }

  /** The user id of a slot. */
  public static long userId(long slot) {
    return FIRST_USER_ID + Math.floorMod(slot, USER_SLOTS);
  }

  /** Where a name's search for a free slot begins: the first 8 bytes of its SHA-256. */
  public static long firstSlot(String name) {
    try {
      return Bytes.toLong(MessageDigest.getInstance("SHA-256").digest(nameRow(name)), 0);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
