package org.observatory.api.query.output;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
 * is dynamic and each edge lives from its first tweet to its last, which Gephi's timeline plays. Where
 * edges name their ends ({@code sourceName}, {@code targetName}) or carry the cluster both ends are in
 * ({@code cluster}), those are the nodes' attributes too: a node's {@code name} is its GEXF label.
 */
final class GraphFile {
  private static final String START = "first";
  private static final String END = "last";
  /** In this order: a node's place in the file is where an edge first names it, as source or target. */
  private static final List<String> ENDS = List.of("source", "target");
  /** Each end's name, by the end. */
  private static final Map<String, String> NAMES = Map.of("source", "sourceName", "target", "targetName");
  private static final String NAME = "name";
  /** The cluster an edge and both its ends are in. */
  private static final String CLUSTER = "cluster";

  private GraphFile() {}

  static void graphml(AnswerLines lines, Answer.Of kind, OutputStream out) throws IOException {
    List<String> columns = kind.answer().columns();
    List<String> nodeAttributes = nodeAttributes(columns);
    try {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
      xml.writeStartDocument("UTF-8", "1.0");
      xml.writeStartElement("graphml");
      xml.writeDefaultNamespace("http://graphml.graphdrawing.org/xmlns");
      for (String attribute : nodeAttributes) {
        xml.writeEmptyElement("key");
        xml.writeAttribute("id", "node." + attribute);
        xml.writeAttribute("for", "node");
        xml.writeAttribute("attr.name", attribute);
        xml.writeAttribute("attr.type", attribute.equals(CLUSTER) ? "long" : "string");
      }
      for (String column : attributes(columns)) {
        xml.writeEmptyElement("key");
        xml.writeAttribute("id", column);
        xml.writeAttribute("for", "edge");
        xml.writeAttribute("attr.name", column);
        xml.writeAttribute("attr.type", column.equals("weight") ? kind.answer().weightType()
            : column.equals(CLUSTER) || column.equals("shared") ? "long" : "string");
      }
      xml.writeStartElement("graph");
      xml.writeAttribute("id", kind.apiName());
      xml.writeAttribute("edgedefault", kind.answer().directed() ? "directed" : "undirected");
      eachNode(lines, (node, attributes) -> {
        if (attributes.isEmpty()) {
          xml.writeEmptyElement("node");
          xml.writeAttribute("id", node);
          return;
        }
        xml.writeStartElement("node");
        xml.writeAttribute("id", node);
        for (Map.Entry<String, Object> attribute : attributes.entrySet()) {
          xml.writeStartElement("data");
          xml.writeAttribute("key", "node." + attribute.getKey());
          xml.writeCharacters(text(attribute.getValue()));
          xml.writeEndElement();
        }
        xml.writeEndElement();
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
    boolean clustered = nodeAttributes(columns).contains(CLUSTER);
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
      if (clustered) {
        xml.writeStartElement("attributes");
        xml.writeAttribute("class", "node");
        xml.writeEmptyElement("attribute");
        xml.writeAttribute("id", CLUSTER);
        xml.writeAttribute("title", CLUSTER);
        xml.writeAttribute("type", "integer");
        xml.writeEndElement();
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
      eachNode(lines, (node, about) -> {
        Object cluster = about.get(CLUSTER);
        if (cluster == null) {
          xml.writeEmptyElement("node");
        } else {
          xml.writeStartElement("node");
        }
        xml.writeAttribute("id", node);
        xml.writeAttribute("label", about.get(NAME) == null ? node : text(about.get(NAME)));
        if (cluster != null) {
          xml.writeStartElement("attvalues");
          xml.writeEmptyElement("attvalue");
          xml.writeAttribute("for", CLUSTER);
          xml.writeAttribute("value", text(cluster));
          xml.writeEndElement();
          xml.writeEndElement();
        }
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

  /** The columns that become edge attributes: all but the two ends and their names, which are the nodes'. */
  private static List<String> attributes(List<String> columns) {
    return columns.stream().filter(c -> !ENDS.contains(c) && !NAMES.containsValue(c)).toList();
  }

  /** Writes one element, where StAX may fail. */
  @FunctionalInterface
  private interface Element<T> {
    void write(T value) throws XMLStreamException;
  }

  /** The attributes the edges give their ends, of those {@link GraphFile} names. */
  private static List<String> nodeAttributes(List<String> columns) {
    List<String> attributes = new ArrayList<>();
    if (columns.containsAll(NAMES.values())) {
      attributes.add(NAME);
    }
    if (columns.contains(CLUSTER)) {
      attributes.add(CLUSTER);
    }
    return attributes;
  }

  /** Writes a node, its id and the attributes the edge that first named it gives it. */
  @FunctionalInterface
  private interface NodeElement {
    void write(String id, Map<String, Object> attributes) throws XMLStreamException;
  }

  /**
   * The users the edges join, each once, in the order they first appear: a pass over the edges that
   * keeps only the ids seen.
   */
  private static void eachNode(AnswerLines lines, NodeElement node) throws IOException {
    Set<String> seen = new HashSet<>();
    eachEdge(lines, edge -> {
      for (String end : ENDS) {
        String id = String.valueOf(edge.get(end));
        if (seen.add(id)) {
          Map<String, Object> attributes = new LinkedHashMap<>();
          if (edge.get(NAMES.get(end)) != null) {
            attributes.put(NAME, edge.get(NAMES.get(end)));
          }
          if (edge.get(CLUSTER) != null) {
            attributes.put(CLUSTER, edge.get(CLUSTER));
          }
          node.write(id, attributes);
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
