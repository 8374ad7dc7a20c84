package org.observatory.api.dashboard;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium, headless, driven through its own chromedriver (the build installs both: see
 * {@code deploy/install-browser}). Their paths are the packages' unless {@code observatory.chromium} and
 * {@code observatory.chromedriver} say otherwise; nothing is downloaded.
 */
public final class HeadlessChromium {
  private HeadlessChromium() {}

  public static ChromeDriver start() {
    File browser = new File(System.getProperty("observatory.chromium", "/usr/bin/chromium"));
    File driver = new File(System.getProperty("observatory.chromedriver", "/usr/bin/chromedriver"));
    if (!browser.canExecute() || !driver.canExecute()) {
      throw new IllegalStateException("the dashboard's tests need Chromium and its driver at " + browser + " and "
          + driver + ": install Debian's packages (deploy/install-browser, which the build runs as root)");
    }
    ChromeOptions options = new ChromeOptions().setBinary(browser)
        .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--window-size=1400,1000");
    // A prompt nobody expected fails the next command, rather than being dismissed unseen.
    options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.IGNORE);
    ChromeDriver chrome = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(driver).build(), options);
    chrome.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
    return chrome;
  }

  /** The page or one element of it as a PNG, for docs/ (the tests write them under target/dashboard-screenshots). */
  static void screenshot(TakesScreenshot what, String name) throws Exception {
    Path dir = Path.of("target", "dashboard-screenshots");
    Files.createDirectories(dir);
    Files.write(dir.resolve(name + ".png"), what.getScreenshotAs(OutputType.BYTES));
  }
}
