package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.junit.jupiter.api.Test;

class CodecsTest {
  @Test
  void hbasesZstdAlgorithmRoundTripsABlockInThisJvmWithoutHadoopsNativeLibrary() throws Exception {
    Codecs.installInThisJvm();
    byte[] block = "{\"text\":\"a tweet, again and again\"}\n".repeat(2_000).getBytes(StandardCharsets.UTF_8);

    assertThat(roundTrip(block).length).isLessThan(block.length / 20);
  }

  @Test
  void aOneMegabyteBlockIsCompressedAsOneChunkSoRepeatsFartherApartThanTheDefaultBufferAreFound() throws Exception {
    Codecs.installInThisJvm();
    byte[] unit = new byte[300 << 10]; // noise longer than the codec's default 256 KB chunk
    new Random(7).nextBytes(unit);
    byte[] block = new byte[Codecs.ZSTD_BUFFER_BYTES];
    for (int at = 0; at < block.length; at += unit.length) {
      System.arraycopy(unit, 0, block, at, Math.min(unit.length, block.length - at));
    }

    byte[] compressed = roundTrip(block);

    // In 256 KB chunks no chunk holds a repeat, and the block stays its size.
    assertThat(compressed.length).isLessThan(block.length / 2);
  }

  private static byte[] roundTrip(byte[] block) throws Exception {
    Compression.Algorithm zstd = Compression.Algorithm.ZSTD;
    ByteArrayOutputStream compressed = new ByteArrayOutputStream();
    Compressor compressor = zstd.getCompressor();
    try (OutputStream out = zstd.createCompressionStream(compressed, compressor, 0)) {
      out.write(block);
    } finally {
      zstd.returnCompressor(compressor);
    }
    Decompressor decompressor = zstd.getDecompressor();
    try (InputStream in = zstd.createDecompressionStream(new ByteArrayInputStream(compressed.toByteArray()), decompressor, 0)) {
      assertThat(in.readAllBytes()).isEqualTo(block);
    } finally {
      zstd.returnDecompressor(decompressor);
    }
    return compressed.toByteArray();
  }
}
