package org.observatory.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.observatory.testdata.SharedData;

class StorageFloorTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void countsEachStoredTweetOnceAndCompressesBelowItsJson() throws IOException {
    Path day = SharedData.file(SharedData.DAY_2013);
    Set<Long> stored = new HashSet<>();
    Set<Long> deleted = new HashSet<>();
    long statusBytes = 0;
    for (String line : (Iterable<String>) SharedData.lines(SharedData.DAY_2013)::iterator) {
      JsonNode item = JSON.readTree(line);
      if (item.has("delete")) {
        deleted.add(item.path("delete").path("status").path("id").asLong());
      } else {
        statusBytes += line.getBytes(StandardCharsets.UTF_8).length;
        for (JsonNode status = item; status.has("id"); status = status.path("retweeted_status")) {
          stored.add(status.get("id").asLong());
          if (status.has("quoted_status")) {
            stored.add(status.path("quoted_status").get("id").asLong());
          }
        }
      }
    }
    stored.removeAll(deleted);

    StorageFloor.Figures floor = StorageFloor.measure(List.of(day));

    assertEquals(Files.size(day), floor.inputBytes());
    assertEquals(stored.size(), floor.tweets());
    for (StorageFloor.Compressed c : List.of(floor.asTables(), floor.strongest())) {
      assertTrue(c.json() > 0 && c.profiles() > 0, c.toString());
      assertTrue(c.json() + c.profiles() < statusBytes / 4, c + " against " + statusBytes + " bytes of statuses");
    }
    assertTrue(floor.strongest().json() < floor.asTables().json(), floor.toString());
    assertTrue(floor.strongest().profiles() < floor.asTables().profiles(), floor.toString());
  }
}
