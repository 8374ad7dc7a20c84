package org.observatory.api.resources;

import io.swagger.v3.core.filter.AbstractSpecFilter;
import io.swagger.v3.core.model.ApiDescription;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.StringSchema;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.observatory.api.query.catalogue.QueryParameter;

/**
 * Lists every {@link QueryParameter} on the endpoints that take them, as their declarations say:
 * the endpoints read them from the query string, not from annotated fields swagger-core could see.
 */
public final class QueryParametersInApi extends AbstractSpecFilter {
  private static final Set<String> TAKING_THEM = Set.of("/queries/{query}", "/jobs/{query}");

  @Override
  public Optional<Operation> filterOperation(Operation operation, ApiDescription api, Map<String, List<String>> params,
      Map<String, String> cookies, Map<String, List<String>> headers) {
    if (TAKING_THEM.contains(api.getPath())) {
      for (QueryParameter parameter : QueryParameter.values()) {
        boolean listed = operation.getParameters() != null
            && operation.getParameters().stream().anyMatch(p -> p.getName().equals(parameter.apiName()));
        if (!listed) { // the document may be filtered again on every request
          operation.addParametersItem(new io.swagger.v3.oas.models.parameters.QueryParameter()
              .name(parameter.apiName()).description(parameter.description()).required(parameter.required())
              .schema(new StringSchema()));
        }
      }
    }
    return Optional.of(operation);
  }
}
