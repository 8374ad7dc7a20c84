package org.observatory.api.query.output;

import java.io.IOException;
import java.io.OutputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * An edge list as a graph file: GraphML (networkx's {@code read_graphml}, Gephi, igraph) or GEXF
 * (Gephi, networkx's {@code read_gexf}). Nodes are the users the edges join; every column beside the
 * two ends is an edge attribute. Where edges carry {@code first} and {@code last} times, the GEXF graph
 * is dynamic and each edge lives from its first tweet to its last, which Gephi's timeline plays.
 */
final class GraphFile {
  private static final String START = "first";
  private static final String END = "last";
  /** In this order: a node's place in the file is where an edge first names it, as source or target. */
  private static final List<String> ENDS = List.of("source", "target");

  private GraphFile() {}

  static void graphml(AnswerLines lines, Answer.Of kind, OutputStream out) throws IOException {
    List<String> columns = kind.answer().columns();
    try {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
      xml.writeStartDocument("UTF-8", "1.0");
      xml.writeStartElement("graphml");
      xml.writeDefaultNamespace("http://graphml.graphdrawing.org/xmlns");
      for (String column : attributes(columns)) {
        xml.writeEmptyElement("key");
        xml.writeAttribute("id", column);
        xml.writeAttribute("for", "edge");
        xml.writeAttribute("attr.name", column);
        xml.writeAttribute("attr.type", column.equals("weight") ? "long" : "string");
      }
      xml.writeStartElement("graph");
      xml.writeAttribute("id", kind.apiName());
      xml.writeAttribute("edgedefault", kind.answer().directed() ? "directed" : "undirected");
      eachNode(lines, node -> {
        xml.writeEmptyElement("node");
        xml.writeAttribute("id", node);
      });
      eachEdge(lines, edge -> {
        xml.writeStartElement("edge");
        xml.writeAttribute("source", String.valueOf(edge.get("source")));
        xml.writeAttribute("target", String.valueOf(edge.get("target")));
        for (String column : attributes(columns)) {
          if (edge.get(column) != null) {
            xml.writeStartElement("data");
            xml.writeAttribute("key", column);
            xml.writeCharacters(text(edge.get(column)));
            xml.writeEndElement();
          }
        }
        xml.writeEndElement();
      });
      xml.writeEndElement();
      xml.writeEndElement();
      xml.writeEndDocument();
      xml.flush();
    } catch (XMLStreamException e) {
      throw new IOException("writing GraphML failed", e);
    }
  }

  static void gexf(AnswerLines lines, Answer.Of kind, OutputStream out) throws IOException {
    List<String> columns = kind.answer().columns();
    boolean timed = columns.contains(START) && columns.contains(END);
    List<String> attributes = attributes(columns).stream()
        .filter(c -> !c.equals("weight") && !(timed && (c.equals(START) || c.equals(END)))).toList();
    try {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
      xml.writeStartDocument("UTF-8", "1.0");
      xml.writeStartElement("gexf");
      xml.writeDefaultNamespace("http://gexf.net/1.3");
      xml.writeAttribute("version", "1.3");
      xml.writeStartElement("graph");
      xml.writeAttribute("defaultedgetype", kind.answer().directed() ? "directed" : "undirected");
      if (timed) {
        xml.writeAttribute("mode", "dynamic");
        xml.writeAttribute("timeformat", "datetime");
      }
      xml.writeStartElement("attributes");
      xml.writeAttribute("class", "edge");
      for (String column : attributes) {
        xml.writeEmptyElement("attribute");
        xml.writeAttribute("id", column);
        xml.writeAttribute("title", column);
        xml.writeAttribute("type", "string");
      }
      xml.writeEndElement();
      xml.writeStartElement("nodes");
      eachNode(lines, node -> {
        xml.writeEmptyElement("node");
        xml.writeAttribute("id", node);
        xml.writeAttribute("label", node);
      });
      xml.writeEndElement();
      xml.writeStartElement("edges");
      long[] id = {0};
      eachEdge(lines, edge -> {
        xml.writeStartElement("edge");
        xml.writeAttribute("id", Long.toString(id[0]++));
        xml.writeAttribute("source", String.valueOf(edge.get("source")));
        xml.writeAttribute("target", String.valueOf(edge.get("target")));
        xml.writeAttribute("weight", String.valueOf(edge.get("weight")));
        if (timed) {
          xml.writeAttribute("start", String.valueOf(edge.get(START)));
          xml.writeAttribute("end", String.valueOf(edge.get(END)));
        }
        xml.writeStartElement("attvalues");
        for (String column : attributes) {
          if (edge.get(column) != null) {
            xml.writeEmptyElement("attvalue");
            xml.writeAttribute("for", column);
            xml.writeAttribute("value", text(edge.get(column)));
          }
        }
        xml.writeEndElement();
        xml.writeEndElement();
      });
      xml.writeEndElement();
      xml.writeEndElement();
      xml.writeEndElement();
      xml.writeEndDocument();
      xml.flush();
    } catch (XMLStreamException e) {
      throw new IOException("writing GEXF failed", e);
    }
  }

  /** The columns that become edge attributes: all but the two ends. */
  private static List<String> attributes(List<String> columns) {
    return columns.stream().filter(c -> !ENDS.contains(c)).toList();
  }

  /** Writes one element, where StAX may fail. */
  @FunctionalInterface
  private interface Element<T> {
    void write(T value) throws XMLStreamException;
  }

  /**
   * The users the edges join, each once, in the order they first appear: a pass over the edges that
   * keeps only the ids seen.
   */
  private static void eachNode(AnswerLines lines, Element<String> node) throws IOException {
    Set<String> seen = new HashSet<>();
    eachEdge(lines, edge -> {
      for (String end : ENDS) {
        String id = String.valueOf(edge.get(end));
        if (seen.add(id)) {
          node.write(id);
        }
      }
    });
  }

  private static void eachEdge(AnswerLines lines, Element<Map<String, Object>> edge) throws IOException {
    lines.forEachRow(row -> {
      try {
        edge.write(row);
      } catch (XMLStreamException e) {
        throw new IOException(e);
      }
    });
  }

  /** A value as an attribute's text; a list (tweet ids) space-separated. */
  private static String text(Object value) {
    return value instanceof List<?> list ? String.join(" ", list.stream().map(String::valueOf).toList())
        : String.valueOf(value);
  }
}
