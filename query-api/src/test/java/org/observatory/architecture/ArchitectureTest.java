package org.observatory.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The floor plan of docs/architecture.md, checked on the compiled classes of every module. */
class ArchitectureTest {
  private static final Pattern TEST_JARS = Pattern.compile(".*-tests\\.jar.*");
  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(location -> !location.matches(TEST_JARS)) // other modules' test fixtures
        .importPackages("org.observatory");
  }

  @Test
  void noPackageDependsOnItselfThroughAnother() {
    slices().matching("org.observatory.(**)").should().beFreeOfCycles().check(classes);
  }

  @Test
  void theStoredFormatAndTheIndexerKnowNothingOfLoadersQueriesOrTheService() {
    noClasses().that().resideInAnyPackage("org.observatory.schemas..", "org.observatory.indexer..")
        .should().dependOnClassesThat().resideInAnyPackage("org.observatory.loader..", "org.observatory.api..",
            "org.observatory.mapreduce..", "org.observatory.generator..")
        .check(classes);
  }

  @Test
  void theQueryEngineNeedsNoLoaderAndNoService() {
    noClasses().that().resideInAPackage("org.observatory.api.query..")
        .should().dependOnClassesThat().resideInAnyPackage("org.observatory.loader..", "org.observatory.generator..",
            "org.observatory.api.resources..", "org.observatory.api.jobs..", "org.observatory.api.cli..",
            "org.observatory.api.config..", "org.observatory.api.hbase..")
        .check(classes);
  }

  /**
   * The engine's rooms in the order of a query's path (docs/architecture.md): the engine parses by the
   * catalogue and hands a query its phases; phase 1 (index), phase 2 (fetch) and the tallies run it;
   * output writes it. Nothing runs back up, and the words every room shares (api.query) know no room.
   */
  @Test
  void aQuerysPathOnlyGoesForward() {
    String words = "org.observatory.api.query";
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("engine").definedBy("org.observatory.api.query.engine..")
        .layer("catalogue").definedBy("org.observatory.api.query.catalogue..")
        .layer("phase 1").definedBy("org.observatory.api.query.index..")
        .layer("phase 2").definedBy("org.observatory.api.query.fetch..")
        .layer("tally").definedBy("org.observatory.api.query.tally..")
        .layer("output").definedBy("org.observatory.api.query.output..")
        .layer("words").definedBy(words)
        .whereLayer("catalogue").mayOnlyBeAccessedByLayers("engine")
        .whereLayer("phase 1").mayOnlyBeAccessedByLayers("engine", "catalogue")
        .whereLayer("phase 2").mayOnlyBeAccessedByLayers("engine", "catalogue")
        .whereLayer("tally").mayOnlyBeAccessedByLayers("engine", "catalogue", "phase 1", "phase 2")
        .whereLayer("output").mayOnlyBeAccessedByLayers("engine", "catalogue", "phase 1", "phase 2", "tally")
        .whereLayer("words").mayNotAccessAnyLayer()
        .check(classes);
  }

  @Test
  void loadersKnowNothingOfTheService() {
    noClasses().that().resideInAnyPackage("org.observatory.loader..", "org.observatory.generator..")
        .should().dependOnClassesThat().resideInAPackage("org.observatory.api..")
        .check(classes);
  }
}
