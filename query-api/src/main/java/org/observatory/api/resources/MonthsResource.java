package org.observatory.api.resources;

import jakarta.annotation.security.RolesAllowed;
import org.observatory.api.security.Role;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.api.query.BadQueryException;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.TableNames;

/** {@code GET /months}: the months that have tables, and their tables; and where their regions are served. */
@Path("/months")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Role.READER_NAME)
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

  /** Where a region of a table is served, its row keys from {@code start} up to {@code end} (both printable). */
  public record Region(String start, String end, String server) {}

  @Operation(summary = "A month's tables, each with its regions and the region server that serves each")
  @GET
  @Path("/{month}/regions")
  public Map<String, List<Region>> regions(@PathParam("month") String month) throws IOException {
    List<TableName> tables;
    try {
      tables = new MonthTables(connection, names, spec, 1).list().get(Month.parse(month));
    } catch (IllegalArgumentException e) {
      throw new BadQueryException(e.getMessage());
    }
    if (tables == null) {
      throw new NotFoundException("no tables for the month " + month);
    }
    Map<String, List<Region>> regions = new LinkedHashMap<>();
    for (TableName table : tables) {
      try (RegionLocator locator = connection.getRegionLocator(table)) {
        regions.put(table.getNameAsString(), locator.getAllRegionLocations().stream()
            .map(at -> new Region(Bytes.toStringBinary(at.getRegion().getStartKey()),
                Bytes.toStringBinary(at.getRegion().getEndKey()),
                at.getServerName() == null ? null : at.getServerName().getAddress().toString()))
            .toList());
      }
    }
    return regions;
  }
}
