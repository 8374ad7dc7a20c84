package org.observatory.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.testing.DropwizardTestSupport;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.WebTarget;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.observatory.api.config.ObservatoryConfiguration;
import org.observatory.testdata.SharedData;
import org.observatory.testing.UsesStore;

/**
 * The whole application on the embedded default, seeded with the shared 2013 day, started once for
 * every test class of a run that asks for it ({@code @ExtendWith(SeededDay.class)}): starting the
 * store and loading the day is most of such a class's time. JUnit stops it when the run ends. Classes
 * that change what the application holds or how it is configured start their own.
 */
@UsesStore // so that the guard lets it start the store; it checks that the class asking is marked too
public final class SeededDay implements BeforeAllCallback {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static volatile Running running;

  /** The application and a client of it, closed with JUnit's root context. */
  private record Running(DropwizardTestSupport<ObservatoryConfiguration> app, Client client)
      implements ExtensionContext.Store.CloseableResource {
    @Override
    public void close() {
      client.close();
      app.after();
    }
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (!context.getRequiredTestClass().isAnnotationPresent(UsesStore.class)) {
      throw new IllegalStateException(context.getRequiredTestClass().getSimpleName() + " asks for the seeded "
          + "application, which starts a store: mark it @UsesStore, or the fast loop would start it");
    }
    running = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
        .getOrComputeIfAbsent(SeededDay.class, k -> start(), Running.class);
  }

  private static Running start() {
    DropwizardTestSupport<ObservatoryConfiguration> app =
        new DropwizardTestSupport<>(ObservatoryApplication.class, EmbeddedApp.config(SharedData.DAY_2013));
    try {
      app.before();
    } catch (Exception e) {
      throw new IllegalStateException("the seeded application did not start", e);
    }
    return new Running(app, ClientBuilder.newClient());
  }

  static int port() {
    return running.app().getLocalPort();
  }

  static int adminPort() {
    return running.app().getAdminPort();
  }

  /** A path of the application's own port, {@code /queries/meme-post-count} say. */
  static WebTarget target(String path) {
    return running.client().target("http://localhost:" + port() + path);
  }

  static WebTarget admin(String path) {
    return running.client().target("http://localhost:" + adminPort() + path);
  }

  static WebTarget query(String name) {
    return target("/queries/" + name);
  }

  /** The JSON of a 200. */
  static JsonNode ok(WebTarget target) throws IOException {
    try (Response response = target.request().get()) {
      String body = response.readEntity(String.class);
      assertThat(response.getStatus()).as(body).isEqualTo(200);
      return JSON.readTree(body);
    }
  }

  /** The lines of a 200 of the media type. */
  static List<String> text(WebTarget target, String mediaType) {
    try (Response response = target.request().get()) {
      String body = response.readEntity(String.class);
      assertThat(response.getStatus()).as(body).isEqualTo(200);
      assertThat(response.getMediaType().toString()).isEqualTo(mediaType);
      return body.lines().toList();
    }
  }
}
