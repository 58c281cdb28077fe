package atlas

import (
	"strings"
	"testing"
)

func TestSniff(t *testing.T) {
	tests := []struct {
		name string
		data string
		want Format
	}{
		{"starling", `<?xml version="1.0"?>` + "\n" + `<TextureAtlas imagePath="a.png"><SubTexture name="a" x="0" y="0" width="1" height="1"/></TextureAtlas>`, Starling},
		{"plist", plistDoc(""), Plist},
		{"texturepacker", tpHash, JSON},
		{"texturepacker utf16", string(utf16LE(tpHash)), JSON},
		{"libgdx old", "\nsheet.png\nsize: 64,64\nformat: RGBA8888\n", LibGDX},
		{"libgdx new", "sheet.png\nsize:64,64\nfilter:Linear,Linear\n", LibGDX},
		{"list", "# tiles\nback 0 0 16 16\nwater_anim 16 0 16 16 4\n", List},
		{"list with =", "p2_duck = 355 95 67 72\n", List},
		{"bom list", "\xEF\xBB\xBFa.png 0 0 1 1\n", List},
		{"license", "Platformer Art by Kenney\nLicense: CC0 1.0\n", Unknown},
		{"list broken early", "a 0 0 1 1\nb 0 0 1 1\nhello world\n", Unknown},
		{"other json", `{"name": "config", "values": [1, 2]}`, Unknown},
		{"other xml", `<svg xmlns="http://www.w3.org/2000/svg"/>`, Unknown},
		{"empty", "", Unknown},
		{"odd utf16", "\xff\xfe{", Unknown},
		{"binary", "\x89PNG\r\n\x1a\n\x00\x00", Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Sniff([]byte(tt.data)); got != tt.want {
				t.Errorf("Sniff(%q) = %v, want %v", tt.data, got, tt.want)
			}
		})
	}
}

// TestSniffReadsAPrefix checks that a list is recognised from its start,
// however long the file.
func TestSniffReadsAPrefix(t *testing.T) {
	big := strings.Repeat("tile 0 0 16 16\n", 100000) // 1.5 MB
	if got := Sniff([]byte(big)); got != List {
		t.Errorf("Sniff(long list) = %v, want %v", got, List)
	}
	if got := Sniff(utf16LE(big)); got != List {
		t.Errorf("Sniff(long UTF-16 list) = %v, want %v", got, List)
	}
}

// TestDecodeByContent checks that content wins over the extension.
func TestDecodeByContent(t *testing.T) {
	tests := []struct {
		file, data string
		want       Format
	}{
		{"pack.txt", "sheet.png\nsize:8,8\na\nbounds:0,0,8,8\n", LibGDX},
		{"frames.xml", plistDoc(`<key>a</key><dict><key>frame</key><string>{{0,0},{8,8}}</string></dict>`), Plist},
		{"tiles_list_v1.4", "a 0 0 8 8\n", List},
		{"weird.dat", `{"frames": [{"filename": "a", "frame": {"x":0,"y":0,"w":8,"h":8}}]}`, JSON},
	}
	for _, tt := range tests {
		a, probs := decode(t, tt.file, tt.data, Options{})
		if a.Format != tt.want || len(probs) != 0 || len(a.Frames) != 1 {
			t.Errorf("Decode(%q): format %v, %d frames, want %v with 1 frame; problems:\n%s", tt.file, a.Format, len(a.Frames), tt.want, problemText(probs))
		}
	}
	// A forced format is used as is.
	if _, _, err := Decode("a.txt", []byte("a 0 0 8 8\n"), Options{Format: Starling}); err == nil {
		t.Error("Decode with Format Starling read a list")
	}
}

func TestFormatOf(t *testing.T) {
	for name, want := range map[string]Format{
		"a.xml": Starling, "a.JSON": JSON, "a.plist": Plist, "a.atlas": LibGDX, "a.txt": List,
		"tiles_list_v1.4": Unknown, "a": Unknown,
	} {
		if got := FormatOf(name); got != want {
			t.Errorf("FormatOf(%q) = %v, want %v", name, got, want)
		}
	}
}
