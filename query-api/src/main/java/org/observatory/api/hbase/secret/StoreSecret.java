package org.observatory.api.hbase.secret;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Properties;

/**
 * What a process must show to reach the embedded store's ZooKeeper and RPC ports: a name and a random
 * password, kept in a file only the service's user can read ({@value #FILE_NAME}, 0600, in its 0700
 * data directory). Being able to read the file is the permission: the commands that attach to a running
 * service read it, another local user cannot.
 */
public record StoreSecret(String user, String password) {
  public static final String FILE_NAME = "store.secret";
  private static final SecureRandom RANDOM = new SecureRandom();

  @Override
  public String toString() {
    return "StoreSecret[" + user + "]"; // never the password, whoever logs one
  }

  /** The secret kept in the data directory, made there (owner-only) if it has none yet. */
  public static StoreSecret createIn(Path dataDir) throws IOException {
    Path file = dataDir.resolve(FILE_NAME);
    if (Files.exists(file)) {
      restrict(file); // a file made readable by hand since is closed again
      return read(file);
    }
    byte[] id = new byte[8];
    byte[] password = new byte[32];
    RANDOM.nextBytes(id);
    RANDOM.nextBytes(password);
    StoreSecret secret = new StoreSecret("observatory-" + HexFormat.of().formatHex(id),
        Base64.getUrlEncoder().withoutPadding().encodeToString(password));
    Properties kept = new Properties();
    kept.setProperty("user", secret.user());
    kept.setProperty("password", secret.password());
    try (Writer out = Channels.newWriter(Files.newByteChannel(file, java.util.Set.of(StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))),
        StandardCharsets.UTF_8)) {
      kept.store(out, "The embedded store's secret: whoever reads it reaches the store. Keep it 0600.");
    } catch (FileAlreadyExistsException raced) {
      return read(file);
    }
    return secret;
  }

  /** The secret in the file, or an error that says why this process may not have it. */
  public static StoreSecret read(Path file) throws IOException {
    Properties kept = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      kept.load(in);
    } catch (AccessDeniedException e) {
      throw new IOException("cannot read the embedded store's secret " + file.toAbsolutePath()
          + ": only the user who runs the service (the owner of its data directory) may reach its store", e);
    } catch (NoSuchFileException e) {
      throw new IOException("no store secret at " + file.toAbsolutePath()
          + ": is hbase.dataDir the running service's data directory?", e);
    }
    String user = kept.getProperty("user");
    String password = kept.getProperty("password");
    if (user == null || password == null) {
      throw new IOException("the store secret " + file.toAbsolutePath() + " is damaged: stop the service, "
          + "delete the file and start it again to make a new one");
    }
    return new StoreSecret(user, password);
  }

  private static void restrict(Path file) throws IOException {
    if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }
  }
}
