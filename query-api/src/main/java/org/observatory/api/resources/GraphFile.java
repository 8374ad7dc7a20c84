package org.observatory.api.resources;

import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.observatory.api.query.QueryResult;

/**
 * An edge list as a graph file: GraphML (networkx's {@code read_graphml}, Gephi, igraph) or GEXF
 * (Gephi, networkx's {@code read_gexf}). Nodes are the users the edges join; every column beside the
 * two ends is an edge attribute. Where edges carry {@code first} and {@code last} times, the GEXF graph
 * is dynamic and each edge lives from its first tweet to its last, which Gephi's timeline plays.
 */
final class GraphFile {
  private static final String START = "first";
  private static final String END = "last";
  private static final Set<String> ENDS = Set.of("source", "target");

  private GraphFile() {}

  static void graphml(QueryResult result, List<String> columns, OutputStream out) throws IOException {
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
      xml.writeAttribute("id", result.query());
      xml.writeAttribute("edgedefault", "directed");
      for (Object node : nodes(result)) {
        xml.writeEmptyElement("node");
        xml.writeAttribute("id", String.valueOf(node));
      }
      for (Map<String, Object> edge : result.rows()) {
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
      }
      xml.writeEndElement();
      xml.writeEndElement();
      xml.writeEndDocument();
      xml.flush();
    } catch (XMLStreamException e) {
      throw new IOException("writing GraphML failed", e);
    }
  }

  static void gexf(QueryResult result, List<String> columns, OutputStream out) throws IOException {
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
      xml.writeAttribute("defaultedgetype", "directed");
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
      for (Object node : nodes(result)) {
        xml.writeEmptyElement("node");
        xml.writeAttribute("id", String.valueOf(node));
        xml.writeAttribute("label", String.valueOf(node));
      }
      xml.writeEndElement();
      xml.writeStartElement("edges");
      int id = 0;
      for (Map<String, Object> edge : result.rows()) {
        xml.writeStartElement("edge");
        xml.writeAttribute("id", Integer.toString(id++));
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
      }
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

  /** The users the edges join, each once, in the order they first appear. */
  private static Set<Object> nodes(QueryResult result) {
    Set<Object> nodes = new LinkedHashSet<>();
    result.rows().forEach(edge -> {
      nodes.add(edge.get("source"));
      nodes.add(edge.get("target"));
    });
    return nodes;
  }

  /** A value as an attribute's text; a list (tweet ids) space-separated. */
  private static String text(Object value) {
    return value instanceof List<?> list ? String.join(" ", list.stream().map(String::valueOf).toList())
        : String.valueOf(value);
  }
}
