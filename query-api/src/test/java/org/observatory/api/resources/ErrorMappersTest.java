package org.observatory.api.resources;

import static org.assertj.core.api.Assertions.assertThat;

import io.dropwizard.jersey.errors.ErrorMessage;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.QueryTimeoutException;
import org.observatory.api.query.engine.QueryRejectedException;

/** Each failure is answered as what it is, with its own message. */
class ErrorMappersTest {
  @Test
  void aBadParameterIsA400WithItsMessage() {
    Response response = new ErrorMappers.BadQuery().toResponse(new BadQueryException("not a meme: 'x'"));

    assertThat(response.getStatus()).isEqualTo(400);
    assertThat(message(response)).isEqualTo("not a meme: 'x'");
  }

  @Test
  void aFullServiceSaysSoAndWhenToComeBack() {
    Response response = new ErrorMappers.Overloaded().toResponse(new QueryRejectedException("16 queries are running"));

    assertThat(response.getStatus()).isEqualTo(503);
    assertThat(response.getHeaderString("Retry-After")).isEqualTo("1");
    assertThat(message(response)).isEqualTo("16 queries are running").doesNotContain("store");
  }

  @Test
  void aQueryPastItsTimeLimitSaysSoNotThatTheStoreFailed() {
    Response response = new ErrorMappers.TimedOut().toResponse(new QueryTimeoutException("the index scans took too long"));

    assertThat(response.getStatus()).isEqualTo(503);
    assertThat(message(response)).isEqualTo("the index scans took too long");
  }

  @Test
  void anUnreachableStoreIsA503ThatNamesTheStore() {
    Response response = new ErrorMappers.StoreUnavailable().toResponse(new IOException("connection closed"));

    assertThat(response.getStatus()).isEqualTo(503);
    assertThat(message(response)).isEqualTo("the store could not answer: connection closed");
  }

  private static String message(Response response) {
    return ((ErrorMessage) response.getEntity()).getMessage();
  }
}
