package org.observatory.api.resources;

import io.swagger.v3.oas.annotations.Operation;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.util.Bytes;
import org.observatory.api.query.BadQueryException;
import org.observatory.api.query.engine.QueryEngines;
import org.observatory.api.security.Role;
import org.observatory.schemas.index.IndexSpec;
import org.observatory.schemas.tables.Month;
import org.observatory.schemas.tables.MonthTables;
import org.observatory.schemas.tables.Platform;
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

  @Operation(summary = "The months that have tables, with their table names: Twitter's, then Bluesky's "
      + "(observatory_bluesky:…); platform=twitter or bluesky for one platform's alone")
  @GET
  public Map<String, List<String>> months(@QueryParam("platform") String platform) throws IOException {
    List<Platform> asked = platform == null ? List.of(Platform.values()) : QueryEngines.platforms(platform);
    Map<String, List<String>> months = new TreeMap<>();
    for (Platform p : asked) {
      new MonthTables(connection, names.of(p), spec, 1).list().forEach((month, tables) ->
          months.computeIfAbsent(month.toString(), m -> new ArrayList<>())
              .addAll(tables.stream().map(TableName::getNameAsString).toList()));
    }
    return months;
  }

  /** Where a region of a table is served, its row keys from {@code start} up to {@code end} (both printable). */
  public record Region(String start, String end, String server) {}

  @Operation(summary = "A month's tables, each with its regions and the region server (host:port) that "
      + "serves each: admins only, since it tells where the store listens")
  @GET
  @Path("/{month}/regions")
  @RolesAllowed(Role.ADMIN_NAME)
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
