package org.observatory.schemas.bluesky;

import java.util.regex.Pattern;
import org.observatory.schemas.tweet.MalformedTweetException;

/**
 * A record's address on the AT Protocol, {@code at://DID/COLLECTION/RKEY}: whose repository, which
 * collection (an NSID), which record. Only DID authorities are taken: a handle would not say, for
 * good, whose record it is.
 */
public record AtUri(String did, String collection, String rkey) {
  public static final String POST = "app.bsky.feed.post";
  public static final String REPOST = "app.bsky.feed.repost";
  private static final String SCHEME = "at://";
  private static final Pattern DID = Pattern.compile("did:[a-z]+:[a-zA-Z0-9._:%-]{1,2040}");
  private static final Pattern NSID = Pattern.compile("[a-zA-Z][a-zA-Z0-9-]*(\\.[a-zA-Z0-9-]+){2,}");
  private static final Pattern RKEY = Pattern.compile("[A-Za-z0-9._:~-]{1,512}");

  /** @throws MalformedTweetException saying which part is wrong */
  public static AtUri of(String did, String collection, String rkey) throws MalformedTweetException {
    if (did == null || !DID.matcher(did).matches()) {
      throw new MalformedTweetException("not a DID: " + shortened(did));
    }
    if (collection == null || !NSID.matcher(collection).matches()) {
      throw new MalformedTweetException("not a collection NSID: " + shortened(collection));
    }
    if (rkey == null || !RKEY.matcher(rkey).matches() || rkey.equals(".") || rkey.equals("..")) {
      throw new MalformedTweetException("not a record key: " + shortened(rkey));
    }
    return new AtUri(did, collection, rkey);
  }

  /** @throws MalformedTweetException when the text is not {@code at://DID/COLLECTION/RKEY} */
  public static AtUri parse(String uri) throws MalformedTweetException {
    if (uri == null || !uri.startsWith(SCHEME)) {
      throw new MalformedTweetException("not an at-URI: " + shortened(uri));
    }
    String[] parts = uri.substring(SCHEME.length()).split("/", -1);
    if (parts.length != 3) {
      throw new MalformedTweetException("an at-URI names DID/COLLECTION/RKEY: " + shortened(uri));
    }
    return of(parts[0], parts[1], parts[2]);
  }

  /** Whether the DID is a valid one. */
  public static boolean isDid(String text) {
    return text != null && DID.matcher(text).matches();
  }

  /** The post's page on the Bluesky web app. */
  public String webUrl() {
    return "https://bsky.app/profile/" + did + "/post/" + rkey;
  }

  @Override
  public String toString() {
    return SCHEME + did + "/" + collection + "/" + rkey;
  }

  static String shortened(String s) {
    return s == null ? "null" : s.length() <= 80 ? "'" + s + "'" : "'" + s.substring(0, 80) + "...'";
  }
}
