package org.observatory.api.query.index;

import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.observatory.schemas.index.IndexDefinition;
import org.observatory.schemas.index.KeyRule;
import org.observatory.schemas.tables.CellFields;

/**
 * A field the cells of one key rule carry in one month's table, read as the definition that wrote
 * them laid it out. Cells of a definition carrying nothing are empty, so they are told apart and name
 * nothing: a month loaded before the rule carried the field answers without it until rebuilt.
 */
record CarriedField(IndexDefinition writer, KeyRule rule, String field) {
  /**
   * The reader for a month, or empty when no definition that built it carries the field under the rule
   * of {@code ruleField}, or two of them lay the cells out differently.
   */
  static Optional<CarriedField> of(IndexPlanner.Source source, String ruleField, String field) {
    CarriedField found = null;
    for (IndexDefinition built : source.builtBy()) {
      Optional<KeyRule> rule = built.rule(ruleField);
      if (rule.isEmpty()) {
        return Optional.empty();
      }
      List<String> layout = built.cellFields(rule.get());
      if (layout.isEmpty()) {
        continue; // empty cells
      }
      if (found != null && !found.writer.cellFields(found.rule).equals(layout)) {
        return Optional.empty();
      }
      found = new CarriedField(built, rule.get(), field);
    }
    return found != null && found.writer.cellFields(found.rule).contains(field) ? Optional.of(found) : Optional.empty();
  }

  /** The field's first value in the cell, or null where the cell holds none. */
  String read(Cell cell) {
    if (cell.getValueLength() == 0) {
      return null;
    }
    List<String> values = CellFields.read(writer, rule, cell.getValueArray(), cell.getValueOffset(),
        cell.getValueLength()).get(field);
    return values == null || values.isEmpty() ? null : values.get(0);
  }
}
