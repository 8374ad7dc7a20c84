package org.observatory.schemas.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class CodecsTest {
  @Test
  void hbasesZstdAlgorithmRoundTripsABlockInThisJvmWithoutHadoopsNativeLibrary() throws Exception {
    Codecs.installInThisJvm();
    byte[] block = "{\"text\":\"a tweet, again and again\"}\n".repeat(2_000).getBytes(StandardCharsets.UTF_8);

    Compression.Algorithm zstd = Compression.Algorithm.ZSTD;
    ByteArrayOutputStream compressed = new ByteArrayOutputStream();
    Compressor compressor = zstd.getCompressor();
    try (OutputStream out = zstd.createCompressionStream(compressed, compressor, 0)) {
      out.write(block);
    } finally {
      zstd.returnCompressor(compressor);
    }
    byte[] back;
    Decompressor decompressor = zstd.getDecompressor();
    try (InputStream in = zstd.createDecompressionStream(new ByteArrayInputStream(compressed.toByteArray()), decompressor, 0)) {
      back = in.readAllBytes();
    } finally {
      zstd.returnDecompressor(decompressor);
    }

    assertThat(back).isEqualTo(block);
    assertThat(compressed.size()).isLessThan(block.length / 20);
  }
}
