package org.observatory.schemas.tables;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.KeyRule;
import org.observatory.schemas.index.TweetFields;
import org.observatory.schemas.tweet.Tweet;

/**
 * The one owner of what an index cell's value holds: the definition's {@code value} id (8 bytes), then,
 * when it {@code carries} fields (its own, then those of the rule that made the cell's key), a record of them — a version byte, then per field in the definition's
 * order a count and the values, ids as 8 bytes, text as modified UTF-8.
 *
 * <p>STORED FORMAT. A cell is read by the definition that wrote it (the catalog records it): changing a
 * definition's fields makes a new revision, never a reinterpretation. Change the record's layout only
 * with a new version byte.
 */
public final class CellFields {
  private static final byte VERSION = 1;
  private static final int ID_BYTES = 8;

  private CellFields() {}

  /** The value of the tweet's cells under the definition, or null when they hold nothing. */
  public static byte[] valueOf(IndexDefinition index, Tweet tweet) {
    return valueOf(index, index.carries(), tweet);
  }

  /** The value of the tweet's cells of the rule's keys: what the index's hold, then what the rule carries. */
  public static byte[] valueOf(IndexDefinition index, KeyRule rule, Tweet tweet) {
    return valueOf(index, carried(index, rule), tweet);
  }

  private static byte[] valueOf(IndexDefinition index, List<String> carried, Tweet tweet) {
    Long id = index.value() == null ? null : TweetFields.idValue(index.value(), tweet);
    if (carried.isEmpty()) {
      return id == null ? null : RowKeys.id(id);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      if (index.value() != null) {
        out.writeLong(id == null ? 0 : id);
      }
      out.writeByte(VERSION);
      for (String field : carried) {
        List<String> values = TweetFields.values(field, tweet);
        out.writeShort(values.size());
        for (String value : values) {
          if (TweetFields.holdsIds(field)) {
            out.writeLong(Long.parseLong(value));
          } else {
            out.writeUTF(value);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory failed", e);
    }
    return bytes.toByteArray();
  }

  /** Field → values of a cell's value written by the definition (ids in decimal); absent fields hold none. */
  public static Map<String, List<String>> read(IndexDefinition index, byte[] value, int offset, int length) {
    return read(index, index.carries(), value, offset, length);
  }

  /** {@link #read} for a cell of the rule's keys, which also holds what the rule carries. */
  public static Map<String, List<String>> read(IndexDefinition index, KeyRule rule, byte[] value, int offset,
      int length) {
    return read(index, carried(index, rule), value, offset, length);
  }

  private static List<String> carried(IndexDefinition index, KeyRule rule) {
    List<String> carried = new ArrayList<>(index.carries());
    carried.addAll(rule.carries());
    return carried;
  }

  private static Map<String, List<String>> read(IndexDefinition index, List<String> carried, byte[] value, int offset,
      int length) {
    Map<String, List<String>> fields = new LinkedHashMap<>();
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(value, offset, length))) {
      if (index.value() != null) {
        long id = length >= ID_BYTES ? in.readLong() : 0;
        fields.put(index.value(), id == 0 ? List.of() : List.of(Long.toString(id)));
      }
      if (carried.isEmpty()) {
        return fields;
      }
      byte version = in.readByte();
      if (version != VERSION) {
        throw new IllegalArgumentException("index cell record of unknown version " + version);
      }
      for (String field : carried) {
        int n = in.readUnsignedShort();
        List<String> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          values.add(TweetFields.holdsIds(field) ? Long.toString(in.readLong()) : in.readUTF());
        }
        fields.put(field, values);
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("index cell record cut short", e);
    }
    return fields;
  }
}
