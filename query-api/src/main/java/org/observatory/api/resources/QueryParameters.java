package org.observatory.api.resources;

import io.swagger.v3.oas.annotations.Hidden;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.UriInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.catalogue.QueryParameter;

/**
 * The query string of a query endpoint: the {@link QueryParameter}s given, checked as they came. The
 * OpenAPI document lists them from their declarations ({@link QueryParametersInApi}).
 */
public final class QueryParameters {
  /** What a decoder puts for bytes that are not UTF-8: the sign of a bad %-escape, never of a meme. */
  private static final char UNDECODABLE = '\uFFFD';
  /**
   * A '%' that does not start an escape: the decoder leaves it as it came, and it would change the
   * question. No meme, name, id or date holds one; a URL holds '%' only in escapes.
   */
  private static final Pattern BAD_ESCAPE = Pattern.compile("%(?![0-9A-Fa-f]{2})");

  /** The parameters whose values may hold a '%' of their own, which their readers read. */
  private static final Set<String> OWN_PERCENT =
      Set.of(QueryParameter.WORDS.apiName(), QueryParameter.SAMPLE.apiName());

  @Context
  @Hidden
  public UriInfo uri;

  /**
   * The parameters that were given, by name; the format too, which a lookup reads.
   *
   * @throws BadQueryException when one is given more than once (which one counts would be a guess), or
   *     holds a %-escape the server could not decode (the question would not be the one asked)
   */
  Map<String, String> given() {
    MultivaluedMap<String, String> asGiven = uri.getQueryParameters();
    asGiven.forEach(QueryParameters::checkAsGiven);
    Map<String, String> given = new LinkedHashMap<>();
    for (QueryParameter parameter : QueryParameter.values()) {
      String value = asGiven.getFirst(parameter.apiName());
      if (value != null) {
        given.put(parameter.apiName(), value);
      }
    }
    return given;
  }

  /** How the answer is to be written, or null for the query's default. */
  String format() {
    return uri.getQueryParameters().getFirst(QueryParameter.FORMAT.apiName());
  }

  private static void checkAsGiven(String name, List<String> values) {
    if (values.size() > 1) {
      throw new BadQueryException("parameter '" + name + "' is given " + values.size()
          + " times; give it once (memes and fields take comma-separated lists)");
    }
    String value = values.get(0);
    if (value.indexOf(UNDECODABLE) >= 0) {
      throw new BadQueryException("parameter '" + name + "' holds a %-escape that is not UTF-8 (U+FFFD): "
          + "escape each byte of a character's UTF-8 as %XX");
    }
    // the server leaves a broken escape as it came; free text ("100%") and a percentage ("1%") may hold a '%'
    if (!OWN_PERCENT.contains(name) && BAD_ESCAPE.matcher(value).find()) {
      throw new BadQueryException("parameter '" + name + "' holds a '%' that is not a %-escape of two hex "
          + "digits: escape each byte as %XX (a '%' itself as %25)");
    }
  }
}
