package org.observatory.api.resources;

import io.swagger.v3.oas.annotations.Operation;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.util.List;
import org.observatory.api.query.index.IndexPlanner;
import org.observatory.api.security.Role;

/**
 * {@code GET /indexes}: the index catalog — for each index and month, the table revision in force, the
 * definitions that built it, a rebuild under way, and whether queries use it or leave the month out.
 */
@Path("/indexes")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Role.READER_NAME)
public final class IndexesResource {
  private final List<IndexPlanner> planners;

  /** @param planners each platform's */
  public IndexesResource(List<IndexPlanner> planners) {
    this.planners = List.copyOf(planners);
  }

  @Operation(summary = "The index catalog: which definition built each platform's and month's index tables, and whether queries use them")
  @GET
  public List<IndexPlanner.Entry> indexes() throws IOException {
    List<IndexPlanner.Entry> entries = new java.util.ArrayList<>();
    for (IndexPlanner planner : planners) {
      entries.addAll(planner.entries());
    }
    return entries;
  }
}
