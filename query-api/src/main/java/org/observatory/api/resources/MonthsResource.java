package org.observatory.api.resources;

import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;

/** {@code GET /months}: the months that have tables, and their tables. */
@Path("/months")
@Produces(MediaType.APPLICATION_JSON)
public final class MonthsResource {
  private final Connection connection;
  private final TableNames names;
  private final IndexSpec spec;

  public MonthsResource(Connection connection, TableNames names, IndexSpec spec) {
    this.connection = connection;
    this.names = names;
    this.spec = spec;
  }

  @Operation(summary = "The months that have tables, with their table names")
  @GET
  public Map<String, List<String>> months() throws IOException {
    Map<String, List<String>> months = new LinkedHashMap<>();
    new MonthTables(connection, names, spec, 1).list().forEach((month, tables) ->
        months.put(month.toString(), tables.stream().map(TableName::getNameAsString).toList()));
    return months;
  }
}
