package org.observatory.api.security;

import io.dropwizard.auth.AuthDynamicFeature;
import io.dropwizard.auth.AuthValueFactoryProvider;
import io.dropwizard.auth.Authorizer;
import io.dropwizard.auth.CachingAuthenticator;
import io.dropwizard.auth.JSONUnauthorizedHandler;
import io.dropwizard.auth.UnauthorizedHandler;
import io.dropwizard.auth.chained.ChainedAuthFilter;
import io.dropwizard.auth.oauth.OAuthCredentialAuthFilter;
import io.dropwizard.core.setup.Environment;
import com.github.benmanes.caffeine.cache.Caffeine;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.servlet.DispatcherType;
import java.io.IOException;
import java.util.EnumSet;
import java.time.Duration;
import java.util.List;
import org.glassfish.jersey.server.filter.RolesAllowedDynamicFeature;

/**
 * Who may call the API: resources marked {@code @RolesAllowed} take a key as a bearer token
 * ({@code Authorization: Bearer obs_...}), or, on a keyless service on loopback, no key at all.
 */
public final class Access {
  static final String SCHEME = "Bearer";
  static final String REALM = "observatory";
  static final UnauthorizedHandler UNAUTHORIZED = new JSONUnauthorizedHandler();
  /** How long a key, once checked, is taken on trust: a revoked key stops working within this time. */
  public static final Duration KEY_TRUSTED_FOR = Duration.ofSeconds(10);

  private Access() {}

  /** A key's role allows what is asked: an admin may do whatever a reader may. */
  static final class RoleCheck implements Authorizer<Caller> {
    @Override
    public boolean authorize(Caller caller, String role, ContainerRequestContext request) {
      return caller.role().includes(role);
    }
  }

  /**
   * The API's keys and roles, and the admin port's door ({@link AdminAccess}).
   *
   * @param exposure where the service listens: beyond loopback, every request needs a key
   */
  public static void register(Environment environment, ApiKeys keys, Exposure exposure, FairUse fairUse)
      throws IOException {
    RoleCheck roles = new RoleCheck();
    CachingAuthenticator<String, Caller> checked = new CachingAuthenticator<>(environment.metrics(),
        new KeyAuthenticator(keys), Caffeine.newBuilder().maximumSize(10_000).expireAfterWrite(KEY_TRUSTED_FOR),
        true); // a token that is no key's is looked up once in that time too, however often it is sent
    var byKey = new OAuthCredentialAuthFilter.Builder<Caller>().setAuthenticator(checked).setAuthorizer(roles)
        .setPrefix(SCHEME).setRealm(REALM).setUnauthorizedHandler(UNAUTHORIZED).buildAuthFilter();
    KeyWatch watch = new KeyWatch(keys, environment.lifecycle().scheduledExecutorService("key-watch").build());
    environment.lifecycle().manage(watch);
    var open = OpenAccess.filter(new KeysInForce(watch, exposure.beyondLoopback()), roles);
    FailedAuthentications failed = new FailedAuthentications(watch);
    environment.servlets().addFilter("failed-authentications", failed)
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    environment.admin().addFilter("failed-authentications", failed)
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    environment.admin().addFilter("admin-keys", new AdminAccess(checked,
        new KeysInForce(watch, exposure.beyondLoopback() || exposure.adminBeyondLoopback())))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    MaskedLogs.install();
    MaskedUrls.install(environment);
    environment.jersey().register(new KeyInUrl());
    environment.jersey().register(new AuthDynamicFeature(new ChainedAuthFilter<>(List.of(byKey, open))));
    environment.jersey().register(RolesAllowedDynamicFeature.class);
    environment.jersey().register(fairUse.rateLimit());
    environment.jersey().register(new AuthValueFactoryProvider.Binder<>(Caller.class));
  }
}
