package org.observatory.api.cli;

import io.dropwizard.core.setup.Bootstrap;
import java.util.List;
import java.util.Map;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.api.hbase.HBaseStore;
import org.observatory.api.security.ApiKeys;
import org.observatory.api.security.Audit;
import org.observatory.api.security.Role;

/**
 * {@code keys [-c CONFIG] create --name NAME [--role reader|admin] | list | revoke ID}: the API's keys.
 * A key is printed once, when it is made; the store keeps its hash. Services on the store take a new
 * key at once and stop taking a revoked one within {@link org.observatory.api.security.Access#KEY_TRUSTED_FOR}.
 */
public final class KeysCommand extends StoreCommand {
  public KeysCommand() {
    super("keys", "Create, list or revoke the API's keys");
  }

  @Override
  public void configure(Subparser subparser) {
    super.configure(subparser);
    subparser.addArgument("action").choices("create", "list", "revoke");
    subparser.addArgument("id").nargs("?").help("the key to revoke (its id, as list shows it)");
    subparser.addArgument("--name").help("whose key it is, or what it is for (create)");
    subparser.addArgument("--role").choices(Role.READER_NAME, Role.ADMIN_NAME).setDefault(Role.READER_NAME)
        .help("reader: queries and its own jobs; admin: every job too (default: reader)");
  }

  @Override
  protected void run(Bootstrap<ObservatoryConfiguration> bootstrap, Namespace namespace,
      ObservatoryConfiguration config) throws Exception {
    String action = namespace.getString("action");
    String id = namespace.getString("id");
    if (action.equals("revoke") && id == null) {
      throw new IllegalArgumentException("revoke needs the key's id (keys list shows them)");
    }
    try (HBaseStore store = config.hbase().open(true)) {
      ApiKeys keys = new ApiKeys(store.connection(), store.tableNames());
      switch (action) {
        case "create" -> create(keys, namespace.getString("name"), Role.named(namespace.getString("role")));
        case "revoke" -> revoke(keys, id);
        default -> list(keys.list());
      }
    }
  }

  private static void create(ApiKeys keys, String name, Role role) throws Exception {
    ApiKeys.Created made = keys.create(name, role);
    Audit.record(Audit.commandUser(), "key.create", made.key().id(), "created",
        Map.of("name", made.key().name(), "role", role.apiName()));
    System.err.println("created key " + made.key().id() + " (" + role.apiName() + ") for " + made.key().name()
        + "; it is shown this once, keep it: clients send it as 'Authorization: Bearer <key>'");
    System.out.println(made.token());
  }

  private static void revoke(ApiKeys keys, String id) throws Exception {
    boolean revoked = keys.revoke(id);
    Audit.record(Audit.commandUser(), "key.revoke", id, revoked ? "revoked" : "not-found");
    if (!revoked) {
      throw new IllegalArgumentException("no active key " + id + " (keys list shows them)");
    }
    System.out.println("revoked key " + id);
  }

  private static void list(List<ApiKeys.StoredKey> all) {
    System.out.println("id\trole\tname\tcreated\trevoked");
    for (ApiKeys.StoredKey key : all) {
      System.out.println(String.join("\t", key.id(), key.role().apiName(), key.name(), key.created().toString(),
          key.active() ? "-" : key.revoked().toString()));
    }
  }
}
