package org.observatory.api.resources;

import io.dropwizard.assets.AssetsBundle;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Properties;

/**
 * {@code GET /}: the analysts' dashboard. Its page, scripts and charting library are served from the
 * classpath by the service itself, so it needs no CDN or internet access.
 */
@Path("/")
public final class DashboardResource {
  private static final String PAGE = "/dashboard/index.html";
  private static final String ICON = "/dashboard/favicon.svg";
  private static final String ECHARTS = "/META-INF/maven/org.webjars.npm/echarts/pom.properties";

  /** The dashboard's own files under {@code /dashboard/}, ECharts' distribution under {@code /vendor/echarts/}. */
  public static List<AssetsBundle> assets() {
    return List.of(
        new AssetsBundle("/dashboard", "/dashboard", null, "dashboard"),
        new AssetsBundle("/META-INF/resources/webjars/echarts/" + webJarVersion() + "/dist", "/vendor/echarts", null,
            "echarts"));
  }

  @GET
  @Produces(MediaType.TEXT_HTML)
  public InputStream page() {
    return DashboardResource.class.getResourceAsStream(PAGE);
  }

  /** What browsers ask for on their own: the dashboard's icon, so that their ask is not a 404 in the log. */
  @GET
  @Path("favicon.ico")
  @Produces("image/svg+xml")
  public InputStream icon() {
    return DashboardResource.class.getResourceAsStream(ICON);
  }

  /** The WebJar's own record of its version, so that the build's dependency alone says which ECharts. */
  private static String webJarVersion() {
    try (InputStream in = DashboardResource.class.getResourceAsStream(ECHARTS)) {
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
