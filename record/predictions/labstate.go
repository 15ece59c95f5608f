package predictions

import (
	"fmt"
	"path/filepath"
)

// LabState is what the lab remembers across days.
type LabState struct {
	LastDay int `json:"last_day"` // the day open when the lab last closed
}

const labFile = "lab.json"

// LoadLab reads the lab's state from dir; a missing file is a zero state.
// A file that cannot be used is handled as in Load.
func LoadLab(dir string) (LabState, error) {
	var s LabState
	if err := load(filepath.Join(dir, labFile), &s, s.check); err != nil {
		return LabState{}, err
	}
	return s, nil
}

// SaveLab writes the lab's state to dir atomically.
func SaveLab(dir string, s LabState) error {
	path := filepath.Join(dir, labFile)
	if err := s.check(); err != nil {
		return fmt.Errorf("saving %s: %v", path, err)
	}
	return writeJSON(filepath.Dir(filepath.Clean(dir)), path, s)
}

func (s *LabState) check() error {
	if s.LastDay < 0 {
		return fmt.Errorf("last_day is %d, below zero", s.LastDay)
	}
	return nil
}
