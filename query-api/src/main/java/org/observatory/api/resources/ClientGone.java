package org.observatory.api.resources;

import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import org.slf4j.LoggerFactory;

/**
 * A client that closes the connection while its answer is written, or stops reading until the
 * server's idle timeout closes it, is an event worth one line — neither Jersey's ERROR with a hundred
 * lines of stack trace (the timeout) nor nothing at all (Dropwizard drops a plain EOF silently). Only a failure of the connection itself is taken for that; an error of the answer's
 * own making (the store failing half-way) is left to Jersey.
 */
@Provider
public final class ClientGone implements WriterInterceptor {
  private static final ThrottledLog LOG = new ThrottledLog(LoggerFactory.getLogger(ClientGone.class), 10, TimeUnit.SECONDS);

  @Override
  public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
    Connection connection = new Connection(context.getOutputStream());
    context.setOutputStream(connection);
    try {
      context.proceed();
    } catch (IOException e) {
      if (connection.failure == null) {
        throw e;
      }
    }
    if (connection.failure != null) { // Dropwizard's EofExceptionWriterInterceptor swallows a plain EOF unlogged
      LOG.info("a client went away while its answer was written, after " + connection.written + " bytes: "
          + connection.failure);
    }
  }

  /** The container's output, remembering whether writing to it failed. */
  private static final class Connection extends FilterOutputStream {
    private long written;
    private String failure;

    Connection(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      try {
        out.write(bytes, offset, length);
        written += length;
      } catch (IOException e) {
        throw failed(e);
      }
    }

    @Override
    public void flush() throws IOException {
      try {
        out.flush();
      } catch (IOException e) {
        throw failed(e);
      }
    }

    private IOException failed(IOException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      failure = cause.getClass().getSimpleName() + ": " + cause.getMessage();
      return e;
    }
  }
}
