package org.observatory.testdata;

/** Jetstream events written by hand for tests: record keys as clients make them. */
public final class JetstreamEvents {
  private static final String BASE32 = "234567abcdefghijklmnopqrstuvwxyz";

  private JetstreamEvents() {}

  /** A commit creating a record, in the wire's own shape. */
  public static String create(String did, long timeUs, String collection, String rkey, String record) {
    return "{\"did\":\"" + did + "\",\"time_us\":" + timeUs + ",\"kind\":\"commit\",\"commit\":{\"rev\":\"r\","
        + "\"operation\":\"create\",\"collection\":\"" + collection + "\",\"rkey\":\"" + rkey + "\",\"record\":"
        + record + ",\"cid\":\"bafy" + rkey + "\"}}";
  }

  /** A TID: the time in 11 base32-sortable characters, then a clock id ({@code 22}). */
  public static String tid(long micros) {
    StringBuilder key = new StringBuilder();
    for (int i = 10; i >= 0; i--) {
      key.append(BASE32.charAt((int) (micros >>> (5 * i)) & 31));
    }
    return key.append("22").toString();
  }
}
