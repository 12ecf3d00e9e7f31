package lk.marketplace.infra;

import com.ibm.icu.text.Normalizer2;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.icu.ICUFoldingFilter;
import org.apache.lucene.analysis.icu.ICUNormalizer2CharFilter;
import org.apache.lucene.analysis.icu.ICUNormalizer2Filter;
import org.apache.lucene.analysis.icu.segmentation.ICUTokenizer;
import org.opensearch.analysis.common.CommonAnalysisPlugin;
import org.opensearch.common.logging.LogConfigurator;
import org.opensearch.common.settings.Settings;
import org.opensearch.index.IndexSettings;
import org.opensearch.index.analysis.AbstractCharFilterFactory;
import org.opensearch.index.analysis.AbstractTokenFilterFactory;
import org.opensearch.index.analysis.AbstractTokenizerFactory;
import org.opensearch.index.analysis.CharFilterFactory;
import org.opensearch.index.analysis.NormalizingCharFilterFactory;
import org.opensearch.index.analysis.NormalizingTokenFilterFactory;
import org.opensearch.index.analysis.TokenFilterFactory;
import org.opensearch.index.analysis.TokenizerFactory;
import org.opensearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;
import org.opensearch.plugins.AnalysisPlugin;
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
  /**
   * The ICU analysis components of OpenSearch's analysis-icu plugin that the marketplace's indices
   * use, under the same names and settings, over Lucene's ICU classes (that plugin is not on Maven
   * Central; the images install the official one): the `icu_normalizer` char and token filters
   * (`name`: nfc, nfkc or nfkc_cf, the default; `mode`: compose or decompose), the `icu_tokenizer`
   * (Unicode word breaks, dictionaries for scripts written without spaces) and `icu_folding`.
   * nfkc_cf drops the zero-width joiners Sinhala is typed with or without (ශ්‍රී, ශ්රී), so both
   * spellings match (issue 33 item 4).
   */
  public static final class IcuAnalysis extends Plugin implements AnalysisPlugin {
    static Normalizer2 normalizer(Settings settings) {
      String name = settings.get("name", "nfkc_cf");
      Normalizer2.Mode mode = "decompose".equals(settings.get("mode", "compose")) ? Normalizer2.Mode.DECOMPOSE : Normalizer2.Mode.COMPOSE;
      return Normalizer2.getInstance(null, name, mode);
    }

    static final class NormalizerCharFilter extends AbstractCharFilterFactory implements NormalizingCharFilterFactory {
      private final Normalizer2 normalizer;

      NormalizerCharFilter(IndexSettings index, String name, Settings settings) {
        super(index, name);
        normalizer = normalizer(settings);
      }

      @Override
      public Reader create(Reader reader) {
        return new ICUNormalizer2CharFilter(reader, normalizer);
      }
    }

    static final class NormalizerFilter extends AbstractTokenFilterFactory implements NormalizingTokenFilterFactory {
      private final Normalizer2 normalizer;

      NormalizerFilter(IndexSettings index, String name, Settings settings) {
        super(index, name, settings);
        normalizer = normalizer(settings);
      }

      @Override
      public TokenStream create(TokenStream stream) {
        return new ICUNormalizer2Filter(stream, normalizer);
      }
    }

    static final class FoldingFilter extends AbstractTokenFilterFactory implements NormalizingTokenFilterFactory {
      FoldingFilter(IndexSettings index, String name, Settings settings) {
        super(index, name, settings);
      }

      @Override
      public TokenStream create(TokenStream stream) {
        return new ICUFoldingFilter(stream);
      }
    }

    static final class IcuTokenizer extends AbstractTokenizerFactory {
      IcuTokenizer(IndexSettings index, String name, Settings settings) {
        super(index, settings, name);
      }

      @Override
      public Tokenizer create() {
        return new ICUTokenizer();
      }
    }

    @Override
    public Map<String, AnalysisProvider<CharFilterFactory>> getCharFilters() {
      return Map.of("icu_normalizer", (index, env, name, settings) -> new NormalizerCharFilter(index, name, settings));
    }

    @Override
    public Map<String, AnalysisProvider<TokenFilterFactory>> getTokenFilters() {
      return Map.of(
          "icu_normalizer", (index, env, name, settings) -> new NormalizerFilter(index, name, settings),
          "icu_folding", (index, env, name, settings) -> new FoldingFilter(index, name, settings));
    }

    @Override
    public Map<String, AnalysisProvider<TokenizerFactory>> getTokenizers() {
      return Map.of("icu_tokenizer", (index, env, name, settings) -> new IcuTokenizer(index, name, settings));
    }
  }

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

    Node node = new EmbeddedNode(settings, List.of(Netty4Plugin.class, CommonAnalysisPlugin.class, IcuAnalysis.class));
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
