package org.observatory.api.resources;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dropwizard.jersey.errors.ErrorMessage;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;

/**
 * Jetty's own refusals — a request it cannot parse (400), a URI or headers too long (414, 431), an
 * error no resource answered — in the JSON every other error has: {@code {"code":..,"message":..}}.
 */
public final class JsonErrorHandler extends ErrorHandler {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What the connection answers before any handler runs (the request could not be parsed). */
  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    fields.put(new HttpField(HttpHeader.CONTENT_TYPE, "application/json"));
    return ByteBuffer.wrap(body(status, reason));
  }

  @Override
  protected void generateAcceptableResponse(Request baseRequest, HttpServletRequest request,
      HttpServletResponse response, int code, String message) throws IOException {
    baseRequest.setHandled(true);
    response.setContentType("application/json");
    response.getOutputStream().write(body(code, message));
  }

  private static byte[] body(int status, String reason) {
    String message = reason == null || reason.isBlank() ? HttpStatus.getMessage(status) : reason;
    try {
      return JSON.writeValueAsString(new ErrorMessage(status, message)).getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      return ("{\"code\":" + status + "}").getBytes(StandardCharsets.UTF_8);
    }
  }
}
