package org.observatory.api.security;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dropwizard.jackson.Jackson;
import java.io.IOException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.schemas.tables.TableNames;

/**
 * The API's keys, kept in HBase beside the months so that every service on the store, and the
 * {@code keys} command, share them: a key made or revoked by the command counts at once, without a
 * restart. Thread-safe.
 *
 * <p>Row: the key's id; one cell, {@code k:e}, the {@link StoredKey} as JSON (its secret's hash only).
 */
public final class ApiKeys {
  // STORED FORMAT: the one family and qualifier of the keys table.
  private static final byte[] FAMILY = Bytes.toBytes("k");
  private static final byte[] ENTRY = Bytes.toBytes("e");
  private static final ObjectMapper JSON = Jackson.newObjectMapper()
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .setSerializationInclusion(JsonInclude.Include.NON_NULL);

  /** A key as kept: who holds it, what it may do, and the hash of its secret. */
  public record StoredKey(String id, String name, Role role, String sha256, Instant created, Instant revoked) {
    public boolean active() {
      return revoked == null;
    }

    /** Whether the token's secret is this key's (in time that does not depend on where they differ). */
    boolean matches(KeyToken token) {
      return active() && token.id().equals(id)
          && MessageDigest.isEqual(token.hash(), HexFormat.of().parseHex(sha256));
    }
  }

  /** A key just made: the token, to be shown once, and what is kept of it. */
  public record Created(String token, StoredKey key) {}

  private final Connection connection;
  private final TableName table;
  private final String namespace;

  public ApiKeys(Connection connection, TableNames names) {
    this.connection = connection;
    this.table = names.apiKeys();
    this.namespace = names.namespace();
  }

  public Created create(String name, Role role) throws IOException {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a key needs a name: whose it is, or what it is for");
    }
    ensureTable();
    while (true) {
      KeyToken token = KeyToken.random();
      StoredKey key = new StoredKey(token.id(), name.strip(), role, HexFormat.of().formatHex(token.hash()),
          Instant.now(), null);
      try (Table keys = connection.getTable(table)) {
        Put put = new Put(Bytes.toBytes(key.id())).addColumn(FAMILY, ENTRY, JSON.writeValueAsBytes(key));
        if (keys.checkAndMutate(CheckAndMutate.newBuilder(put.getRow()).ifNotExists(FAMILY, ENTRY).build(put))
            .isSuccess()) {
          return new Created(token.text(), key);
        }
      } // else an id drawn twice in 2^48: draw again
    }
  }

  /** Revokes a key; false when there is no such key, or it was revoked already. */
  public boolean revoke(String id) throws IOException {
    Optional<byte[]> kept = entry(id);
    if (kept.isEmpty()) {
      return false;
    }
    StoredKey key = JSON.readValue(kept.get(), StoredKey.class);
    if (!key.active()) {
      return false;
    }
    StoredKey revoked = new StoredKey(id, key.name(), key.role(), key.sha256(), key.created(), Instant.now());
    try (Table keys = connection.getTable(table)) {
      byte[] row = Bytes.toBytes(id);
      return keys.checkAndMutate(CheckAndMutate.newBuilder(row).ifEquals(FAMILY, ENTRY, kept.get())
          .build(new Put(row).addColumn(FAMILY, ENTRY, JSON.writeValueAsBytes(revoked)))).isSuccess();
    }
  }

  /** The caller a token stands for, or empty when it is no active key's. */
  public Optional<Caller> authenticate(String token) throws IOException {
    Optional<KeyToken> parsed = KeyToken.parse(token);
    if (parsed.isEmpty()) {
      return Optional.empty();
    }
    return get(parsed.get().id()).filter(k -> k.matches(parsed.get()))
        .map(k -> new Caller(k.id(), k.name(), k.role()));
  }

  public Optional<StoredKey> get(String id) throws IOException {
    Optional<byte[]> kept = entry(id);
    return kept.isEmpty() ? Optional.empty() : Optional.of(JSON.readValue(kept.get(), StoredKey.class));
  }

  private Optional<byte[]> entry(String id) throws IOException {
    try (Table keys = connection.getTable(table)) {
      Result row = keys.get(new Get(Bytes.toBytes(id)).addColumn(FAMILY, ENTRY));
      return Optional.ofNullable(row.value());
    } catch (TableNotFoundException e) {
      return Optional.empty();
    }
  }

  /** Every key, revoked ones too, by id. */
  public List<StoredKey> list() throws IOException {
    List<StoredKey> all = new ArrayList<>();
    try (Table keys = connection.getTable(table); ResultScanner rows = keys.getScanner(new Scan().addColumn(FAMILY, ENTRY))) {
      // next(), not the iterator: that wraps a missing table in an unchecked exception
      for (Result row = rows.next(); row != null; row = rows.next()) {
        all.add(JSON.readValue(row.value(), StoredKey.class));
      }
    } catch (TableNotFoundException e) {
      // no key was ever made
    }
    return all;
  }

  /** Whether any key is active: without one, a service on loopback answers everyone there. */
  public boolean anyActive() throws IOException {
    return list().stream().anyMatch(StoredKey::active);
  }

  private void ensureTable() throws IOException {
    try (Admin admin = connection.getAdmin()) {
      if (admin.tableExists(table)) {
        return;
      }
      try {
        admin.createNamespace(NamespaceDescriptor.create(namespace).build());
      } catch (NamespaceExistException exists) {
        // loads made it, or another command did
      }
      try {
        admin.createTable(TableDescriptorBuilder.newBuilder(table)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(FAMILY).setMaxVersions(1)
                .setBloomFilterType(BloomType.ROW).build())
            .build());
      } catch (TableExistsException raced) {
        // another command made it first
      }
    }
  }
}
