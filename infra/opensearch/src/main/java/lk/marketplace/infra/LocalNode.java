package lk.marketplace.infra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.opensearch.analysis.common.CommonAnalysisPlugin;
import org.opensearch.common.logging.LogConfigurator;
import org.opensearch.common.settings.Settings;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;
import org.opensearch.plugins.Plugin;
import org.opensearch.transport.Netty4Plugin;

/**
 * One local OpenSearch 2.19 node for `npm run infra:up` (infra/cli.ts): the server jar
 * and its modules come from Maven Central (infra/opensearch/pom.xml) and run embedded in this
 * process, with the module plugins passed in as classes instead of installed under plugins/.
 *
 * Usage: java -Xmx512m -cp 'lib/*:classes' lk.marketplace.infra.LocalNode HOME_DIR HOST PORT TRANSPORT_PORT
 * - HOME_DIR: path.home; data in HOME_DIR/data, logs in HOME_DIR/logs (under .data/opensearch);
 * - HOST, PORT: where the REST API listens (127.0.0.1, 9200);
 * - TRANSPORT_PORT: the node-to-node port, bound on HOST as well (9300).
 *
 * Single-node discovery, no security plugin (none is on the classpath), no bootstrap checks (they
 * run only under org.opensearch.bootstrap.OpenSearch). SIGTERM closes the node cleanly.
 */
public final class LocalNode {
  /** Node's constructor that takes plugin classes is protected: this subclass opens it. */
  static final class EmbeddedNode extends Node {
    EmbeddedNode(Settings settings, Collection<Class<? extends Plugin>> plugins) {
      super(InternalSettingsPreparer.prepareEnvironment(settings, Map.of(), null, () -> "local"), plugins, true);
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println("usage: LocalNode HOME_DIR HOST PORT TRANSPORT_PORT");
      System.exit(2);
    }
    Path home = Path.of(args[0]).toAbsolutePath();
    Files.createDirectories(home.resolve("data"));
    Files.createDirectories(home.resolve("logs"));
    Settings settings = Settings.builder()
        .put("cluster.name", "marketplace-local")
        .put("node.name", "local")
        .put("path.home", home.toString())
        .put("path.data", home.resolve("data").toString())
        .put("path.logs", home.resolve("logs").toString())
        .put("network.host", args[1])
        .put("http.port", args[2])
        .put("transport.port", args[3])
        .put("discovery.type", "single-node")
        // One node: replicas could never be assigned and would keep every index yellow.
        .put("cluster.routing.allocation.disk.threshold_enabled", false)
        .put("action.auto_create_index", false)
        .build();
    // Console logging at INFO (infra/cli.ts sends stdout to .data/logs/opensearch.log).
    LogConfigurator.registerErrorListener();
    LogConfigurator.configureWithoutConfig(settings);

    Node node = new EmbeddedNode(settings, List.of(Netty4Plugin.class, CommonAnalysisPlugin.class));
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        node.close();
      } catch (Exception e) {
        e.printStackTrace();
      } finally {
        stopped.countDown();
      }
    }, "local-opensearch-shutdown"));
    node.start();
    System.out.println("local OpenSearch node started on http://" + args[1] + ":" + args[2]);
    stopped.await();
  }
}
