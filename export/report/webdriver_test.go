package report

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"testing"
	"time"
)

// A minimal client of the W3C WebDriver protocol, talking to chromedriver
// on the loopback interface, so the browser test needs no Go dependency.

// elementKey is the W3C key of an element reference.
const elementKey = "element-6066-11e4-a52e-4f735466cecf"

type browser struct {
	t       *testing.T
	base    string // http://127.0.0.1:port/session/id
	httpc   *http.Client
	driver  *exec.Cmd
	session string
}

// findChrome returns the paths of Chromium and chromedriver, or skips t.
func findChrome(t *testing.T) (chrome, driver string) {
	t.Helper()
	for _, name := range []string{os.Getenv("SHAPEGEN_CHROME"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			chrome = p
			break
		}
	}
	driver, err := exec.LookPath("chromedriver")
	if chrome == "" || err != nil {
		t.Skip("browser test skipped: Chromium and chromedriver are not on PATH (apt-get install chromium chromium-driver)")
	}
	return chrome, driver
}

// startBrowser starts chromedriver and a headless Chromium session with a
// window of w×h CSS pixels; both stop when the test ends.
func startBrowser(t *testing.T, w, h int) *browser {
	t.Helper()
	chrome, driverPath := findChrome(t)
	port := freePort(t)
	driver := exec.Command(driverPath, fmt.Sprintf("--port=%d", port))
	var logs bytes.Buffer
	driver.Stdout, driver.Stderr = &logs, &logs
	if err := driver.Start(); err != nil {
		t.Fatalf("start chromedriver: %v", err)
	}
	b := &browser{t: t, httpc: &http.Client{Timeout: 60 * time.Second}, driver: driver}
	// Chromium may still write its profile for a moment after the session
	// ends, which would fail t.TempDir's cleanup: the profile is removed
	// here, retrying briefly.
	profile, err := os.MkdirTemp("", "shapegen-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 20 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	t.Cleanup(func() {
		if b.session != "" {
			req, _ := http.NewRequest(http.MethodDelete, b.base, nil)
			if resp, err := b.httpc.Do(req); err == nil {
				resp.Body.Close()
			}
		}
		driver.Process.Kill()
		driver.Wait()
	})
	root := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := b.httpc.Get(root + "/status")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("chromedriver did not start: %v\n%s", err, logs.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"browserName": "chrome",
		"goog:chromeOptions": map[string]any{
			"binary": chrome,
			"args": []string{
				"--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
				"--disable-quic", "--no-first-run", "--disable-background-networking",
				"--disable-component-update", "--disable-sync", "--disable-extensions",
				"--force-device-scale-factor=1", "--hide-scrollbars",
				"--user-data-dir=" + profile,
				fmt.Sprintf("--window-size=%d,%d", w, h),
			},
		},
	}}}
	var created struct {
		SessionID string `json:"sessionId"`
	}
	b.base = root
	b.call(http.MethodPost, "/session", caps, &created)
	b.session = created.SessionID
	b.base = root + "/session/" + created.SessionID
	return b
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("find a free port: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// call sends one WebDriver command and decodes its "value" into out.
func (b *browser) call(method, path string, body any, out any) {
	b.t.Helper()
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			b.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, b.base+path, rd)
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := b.httpc.Do(req)
	if err != nil {
		b.t.Fatalf("webdriver %s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		b.t.Fatalf("webdriver %s %s: %s: %s", method, path, resp.Status, data)
	}
	if out == nil {
		return
	}
	var env struct {
		Value json.RawMessage `json:"value"`
		// The new-session answer carries the id inside value.
	}
	if err := json.Unmarshal(data, &env); err != nil {
		b.t.Fatalf("webdriver %s %s: %v", method, path, err)
	}
	if err := json.Unmarshal(env.Value, out); err != nil {
		b.t.Fatalf("webdriver %s %s: decode %s: %v", method, path, env.Value, err)
	}
}

func (b *browser) open(url string) {
	b.call(http.MethodPost, "/url", map[string]string{"url": url}, nil)
}

// find returns the element matching the CSS selector, failing the test
// when there is none.
func (b *browser) find(css string) string {
	b.t.Helper()
	var el map[string]string
	b.call(http.MethodPost, "/element", map[string]string{"using": "css selector", "value": css}, &el)
	return el[elementKey]
}

func (b *browser) click(el string) {
	b.call(http.MethodPost, "/element/"+el+"/click", map[string]any{}, nil)
}

func (b *browser) text(el string) string {
	var s string
	b.call(http.MethodGet, "/element/"+el+"/text", nil, &s)
	return s
}

func (b *browser) displayed(el string) bool {
	var v bool
	b.call(http.MethodGet, "/element/"+el+"/displayed", nil, &v)
	return v
}

// typeInto types s into the element as key presses.
func (b *browser) typeInto(el, s string) {
	b.call(http.MethodPost, "/element/"+el+"/value", map[string]string{"text": s}, nil)
}

// press presses and releases one key (a WebDriver key code such as
// "\uE00C" for Escape) on whatever has the focus.
func (b *browser) press(key string) {
	b.call(http.MethodPost, "/actions", map[string]any{"actions": []any{map[string]any{
		"type": "key", "id": "keyboard",
		"actions": []any{map[string]string{"type": "keyDown", "value": key}, map[string]string{"type": "keyUp", "value": key}},
	}}}, nil)
}

// eval runs a script in the page and decodes its result into out.
func (b *browser) eval(script string, out any) {
	b.call(http.MethodPost, "/execute/sync", map[string]any{"script": script, "args": []any{}}, out)
}

// cdp sends a command of the DevTools protocol through chromedriver and
// decodes its result into out.
func (b *browser) cdp(cmd string, params map[string]any, out any) {
	if params == nil {
		params = map[string]any{}
	}
	b.call(http.MethodPost, "/goog/cdp/execute", map[string]any{"cmd": cmd, "params": params}, out)
}

// jsHeap returns the page's used JS heap in bytes, as DevTools reports
// it (Performance.getMetrics' JSHeapUsedSize).
func (b *browser) jsHeap() float64 {
	b.t.Helper()
	b.cdp("Performance.enable", nil, nil)
	var m struct {
		Metrics []struct {
			Name  string  `json:"name"`
			Value float64 `json:"value"`
		} `json:"metrics"`
	}
	b.cdp("Performance.getMetrics", nil, &m)
	for _, x := range m.Metrics {
		if x.Name == "JSHeapUsedSize" {
			return x.Value
		}
	}
	b.t.Fatal("DevTools reported no JSHeapUsedSize")
	return 0
}

// elementShot returns a screenshot of one element.
func (b *browser) elementShot(el string) image.Image {
	b.t.Helper()
	var enc string
	b.call(http.MethodGet, "/element/"+el+"/screenshot", nil, &enc)
	data, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		b.t.Fatalf("element screenshot: %v", err)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		b.t.Fatalf("element screenshot: %v", err)
	}
	return img
}

// screenshot saves the visible page as a PNG at path.
func (b *browser) screenshot(path string) {
	b.t.Helper()
	var enc string
	b.call(http.MethodGet, "/screenshot", nil, &enc)
	data, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// waitFor polls the script (which returns a boolean) until it is true.
func (b *browser) waitFor(what, script string) {
	b.t.Helper()
	b.waitForWithin(what, script, 10*time.Second)
}

// waitForWithin is waitFor with a time limit of d.
func (b *browser) waitForWithin(what, script string, d time.Duration) {
	b.t.Helper()
	deadline := time.Now().Add(d)
	for {
		var ok bool
		b.eval(script, &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// cardNames returns the names of the cards on the page, in order.
func (b *browser) cardNames() []string {
	var names []string
	b.eval(`return [...document.querySelectorAll("#grid .card")].map(c => c.dataset.name)`, &names)
	return names
}
